// The release history in words (GET releases/audit/): what each action is called, who did it,
// and what it changed, from the records' details (api/src/releases/registry/sql.ts insertAudit
// keeps a channel's before and after; the keys routes keep the key's name, remote and actions).
import { ACTION_LABELS } from '../../lib/auditActions';
import { formatDateTime } from '../../lib/format';
import type { ReleaseAuditRecord } from './api/getReleaseAudit';
import { remoteLabel } from './releaseText';

/** 'deploy_key.created' -> 'Deploy key created'; an action this screen does not know, as it came. */
export function releaseActionLabel(action: string): string {
  return (ACTION_LABELS as Record<string, string>)[action] ?? action;
}

/** Who did it: a user's name, a deploy key's ('owner-ci (deploy key)'), or 'system'. */
export function actorText(record: Pick<ReleaseAuditRecord, 'actor' | 'actor_kind'>): string {
  if (record.actor_kind === 'key') return `${record.actor} (deploy key)`;
  return record.actor;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

function canaryOf(snapshot: Json | null): string {
  const canary = text(snapshot?.canary);
  if (!canary) return 'none';
  const percent = snapshot?.canary_percent;
  return typeof percent === 'number' ? `${canary} (${percent}%)` : canary;
}

/** A channel's change: 'published 1.2.0; stable 1.0.0 → 1.1.0; canary none → 1.2.0 (15%)'. */
function channelChange(before: Json | null, after: Json): string[] {
  const parts: string[] = [];
  const published = isObject(after.published) ? text(after.published.version) : null;
  if (published) parts.push(`published ${published}`);
  const stableBefore = text(before?.stable) ?? 'none';
  const stableAfter = text(after.stable) ?? 'none';
  if (stableBefore !== stableAfter) parts.push(`stable ${stableBefore} → ${stableAfter}`);
  const canaryBefore = canaryOf(before);
  const canaryAfter = canaryOf(after);
  if (canaryBefore !== canaryAfter) parts.push(`canary ${canaryBefore} → ${canaryAfter}`);
  return parts;
}

/** A deploy key's record: 'key owner-ci for mfe-owner: publish, canary; expires Wed, ...'. */
function keyChange(details: Json): string[] {
  const key = isObject(details.key) ? details.key : details;
  const name = text(key.name);
  if (!name) return [];
  const remote = text(key.remote);
  const actions = Array.isArray(key.actions)
    ? key.actions.filter((a) => typeof a === 'string')
    : [];
  const parts = [
    `key ${name}${remote ? ` for ${remoteLabel(remote)}` : ''}${actions.length > 0 ? `: ${actions.join(', ')}` : ''}`,
  ];
  const expires = text(key.expires_at);
  if (expires) parts.push(`expires ${formatDateTime(expires)}`);
  return parts;
}

const SKIPPED = new Set([
  'before',
  'after',
  'reason',
  'key',
  'name',
  'remote',
  'actions',
  'expires_at',
]);

function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return String(value);
  }
  return JSON.stringify(value);
}

/**
 * What a record changed, in a line. A channel's before and after become 'stable 1.0.0 → 1.1.0';
 * a key's record names the key; anything else is listed as 'name: value'.
 */
export function changeText(record: Pick<ReleaseAuditRecord, 'details'>): string {
  const details: Json = isObject(record.details) ? record.details : {};
  const parts: string[] = [];
  if (isObject(details.after)) {
    parts.push(...channelChange(isObject(details.before) ? details.before : null, details.after));
  }
  parts.push(...keyChange(details));
  for (const [name, value] of Object.entries(details)) {
    if (!SKIPPED.has(name)) parts.push(`${name}: ${valueText(value)}`);
  }
  return parts.length > 0 ? parts.join('; ') : 'no change';
}

/** Why: the reason given with a command, else the one an automatic change carries. */
export function reasonText(record: Pick<ReleaseAuditRecord, 'reason' | 'details'>): string {
  if (record.reason) return record.reason;
  const after = isObject(record.details) ? record.details.after : null;
  return (isObject(after) && text(after.reason)) || '—';
}
