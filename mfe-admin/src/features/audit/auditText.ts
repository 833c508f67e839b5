import { ACTION_LABELS } from '../../lib/auditActions';
import type { AuditRecord } from './api/getAudit';

export { ACTION_LABELS };

const KINDS: Record<AuditRecord['entity_kind'], string> = {
  theater: 'Theater',
  movie: 'Movie',
  show: 'Show',
  booking: 'Booking',
  remote: 'Remote',
  deploy_key: 'Deploy key',
  signing_key: 'Signing key',
  door_staff: 'Door staff',
  screen: 'Screen',
};

/** 'Show 12', 'Remote user'. */
export function entityText(record: Pick<AuditRecord, 'entity_kind' | 'entity_id'>): string {
  return `${KINDS[record.entity_kind]} ${record.entity_id}`;
}

function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A record's details in one line: 'high_demand: false → true' for a change (only the fields
 * that differ), 'name: PVR · location: Mumbai' for what was set.
 */
export function detailsText(details: Record<string, unknown>): string {
  const { before, after } = details;
  if ('after' in details && (isObject(before) || before === null) && isObject(after)) {
    const was = isObject(before) ? before : {};
    const keys = [...new Set([...Object.keys(was), ...Object.keys(after)])];
    const changed = keys.filter((k) => JSON.stringify(was[k]) !== JSON.stringify(after[k]));
    return changed.map((k) => `${k}: ${valueText(was[k])} → ${valueText(after[k])}`).join(' · ');
  }
  return Object.entries(details)
    .map(([k, v]) => `${k}: ${valueText(v)}`)
    .join(' · ');
}
