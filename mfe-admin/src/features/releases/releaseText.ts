import { formatCount } from '../../lib/format';
import type { ChannelSnapshot, ReleaseAuditRow, Remote, ReporterCounts } from './api/getReleases';

/** 'user' -> 'mfe-user', the name the remote is built and deployed under. */
export function remoteLabel(remote: Remote | string): string {
  return `mfe-${remote}`;
}

const plural = (n: number, one: string, many: string) =>
  `${formatCount(n)} ${n === 1 ? one : many}`;

/** { reporters: 4, failed: 1 } -> '4 reporters, 1 failed'; nothing yet -> 'No reports'. */
export function formatReporters({ reporters, failed }: ReporterCounts): string {
  if (reporters === 0) return 'No reports';
  return `${plural(reporters, 'reporter', 'reporters')}, ${formatCount(failed)} failed`;
}

/** The same with the reports they sent: '4 reporters, 1 failed (1,200 reports)'. */
export function formatReportersAndReports(counts: ReporterCounts): string {
  if (counts.reporters === 0) return formatReporters(counts);
  return `${formatReporters(counts)} (${plural(counts.reports, 'report', 'reports')})`;
}

const ACTIONS: Record<string, string> = {
  publish: 'Published',
  make_stable: 'Made stable',
  canary: 'Canary set',
  promote: 'Promoted',
  rollback_canary: 'Canary rolled back',
  rollback_stable: 'Stable rolled back',
  auto_rollback: 'Automatic rollback',
  rollout_start: 'Rollout started',
  rollout_step: 'Rollout step',
  rollout_promote: 'Rollout completed',
  rollout_pause: 'Rollout paused',
  rollout_resume: 'Rollout resumed',
  rollout_abort: 'Rollout aborted',
  rollout_inconclusive: 'Rollout inconclusive',
};

/** 'auto_rollback' -> 'Automatic rollback'; an action this screen does not know, as it came. */
export function actionLabel(action: string): string {
  return ACTIONS[action] ?? action;
}

function canaryOf(snapshot: ChannelSnapshot | null): string {
  return snapshot?.canary ? `${snapshot.canary} (${snapshot.canary_percent}%)` : 'none';
}

/**
 * What an audit row changed, in a line: 'stable 1.0.0 → 1.1.0; canary none → 1.2.0 (15%)'.
 * Publishing without a channel change names the version; an automatic rollback adds why.
 */
export function auditSummary(row: Pick<ReleaseAuditRow, 'before' | 'after'>): string {
  const { before, after } = row;
  const parts: string[] = [];
  if (after?.published) parts.push(`published ${after.published.version}`);
  const stableBefore = before?.stable ?? 'none';
  const stableAfter = after?.stable ?? 'none';
  if (stableBefore !== stableAfter) parts.push(`stable ${stableBefore} → ${stableAfter}`);
  const canaryBefore = canaryOf(before);
  const canaryAfter = canaryOf(after);
  if (canaryBefore !== canaryAfter) parts.push(`canary ${canaryBefore} → ${canaryAfter}`);
  if (after?.reason) parts.push(after.reason);
  return parts.length > 0 ? parts.join('; ') : 'no change';
}

const ROLLOUT_STATES: Record<string, string> = {
  running: 'Running',
  paused: 'Paused',
  holding: 'Holding: too little traffic',
  inconclusive: 'Inconclusive: paused for lack of traffic',
  completed: 'Completed',
  rolled_back: 'Rolled back',
  aborted: 'Aborted',
};

/** 'holding' -> 'Holding: too little traffic'. */
export function rolloutStateLabel(state: string): string {
  return ROLLOUT_STATES[state] ?? state;
}

/** Whether pause, resume and abort apply (the plan is still walking or waiting). */
export function rolloutActive(state: string): boolean {
  return (
    state === 'running' || state === 'paused' || state === 'holding' || state === 'inconclusive'
  );
}

/** Whether the plan waits for a person: paused by one, or by the registry as inconclusive. */
export function rolloutStopped(state: string): boolean {
  return state === 'paused' || state === 'inconclusive';
}

/**
 * The wait until `at` in words: 'in 4 min', 'in 1 h 5 min', 'due now' once it has passed
 * (the registry takes the step on its next tick, or holds it).
 */
export function timeUntil(at: string, now: number = Date.now()): string {
  const minutes = Math.ceil((Date.parse(at) - now) / 60_000);
  if (minutes <= 0) return 'due now';
  if (minutes < 60) return `in ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `in ${hours} h` : `in ${hours} h ${rest} min`;
}

/** A p75 in ms as a whole number ('412 ms'), a missing one as '—'. */
export function formatMs(value: number | null): string {
  return value === null ? '—' : `${formatCount(Math.round(value))} ms`;
}

/** CLS to two decimals ('0.05'), a missing one as '—'. */
export function formatCls(value: number | null): string {
  return value === null ? '—' : value.toFixed(2);
}
