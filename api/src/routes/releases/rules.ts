// The rules of the release registry in one place: which remotes there are, when a canary is rolled
// back automatically, how often browsers may report, and the messages the API answers with.

export const REMOTES = ['auth', 'user', 'owner', 'admin'] as const;
export type Remote = (typeof REMOTES)[number];

export function isRemote(value: unknown): value is Remote {
  return typeof value === 'string' && (REMOTES as readonly string[]).includes(value);
}

export const OUTCOMES = ['loaded', 'load_failed', 'render_failed'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/**
 * Automatic rollback: after each event about a remote's current canary, its last
 * AUTO_ROLLBACK_WINDOW events since it became canary are read. A load is an attempt to load it
 * (`loaded` or `load_failed`); a failure is `load_failed` or `render_failed` (the shell reports
 * `loaded` and then `render_failed` for a canary that loads but throws on its first render, so
 * failures are counted against loads, not against events). With at least AUTO_ROLLBACK_MIN_LOADS
 * loads and failures / loads >= AUTO_ROLLBACK_FAILURE_RATE, the canary is dropped.
 */
export const AUTO_ROLLBACK_WINDOW = 20;
export const AUTO_ROLLBACK_MIN_LOADS = 5;
export const AUTO_ROLLBACK_FAILURE_RATE = 0.5;

/** Loads and failures among some events (see above). */
export interface LoadCounts {
  loads: number;
  failures: number;
}

/** Loads and failures from how many events had each outcome. */
export function countLoads(counts: Partial<Record<Outcome, number>>): LoadCounts {
  const loaded = counts.loaded ?? 0;
  const loadFailed = counts.load_failed ?? 0;
  const failures = loadFailed + (counts.render_failed ?? 0);
  // A render failure whose `loaded` is not among the events counted still was a load.
  return { loads: Math.max(loaded + loadFailed, failures), failures };
}

export function shouldRollBack({ loads, failures }: LoadCounts): boolean {
  return loads >= AUTO_ROLLBACK_MIN_LOADS && failures / loads >= AUTO_ROLLBACK_FAILURE_RATE;
}

export function autoRollbackReason({ loads, failures }: LoadCounts, version: string): string {
  return `Automatic rollback: ${failures} of ${loads} recent loads of ${version} failed.`;
}

/** Outcome reports per client IP (browsers send one per canary load, plus failures). */
export const EVENTS_PER_MINUTE = 120;

/** How many events per version the status counts as recent, and how many audit rows it lists. */
export const STATUS_RECENT_EVENTS = AUTO_ROLLBACK_WINDOW;
export const STATUS_AUDIT_ROWS = 20;

export const MANIFEST_CACHE_CONTROL = 'public, max-age=15';

export const UNKNOWN_REMOTE = 'Unknown remote.';
export const PERCENT_RANGE = 'Percent must be a whole number from 0 to 100.';
export const NO_CANARY = 'There is no canary to promote.';
export const NO_EARLIER_STABLE = 'There is no earlier stable version to return to.';
export const TOO_MANY_EVENTS = 'Too many release events. Please try again in {minutes}.';

export const unknownVersion = (version: string, remote: string) =>
  `Unknown version ${version} for ${remote}.`;
export const alreadyStable = (version: string, remote: string) =>
  `${version} is already the stable version of ${remote}.`;
export const entryMismatch = (version: string, remote: string, entry: string) =>
  `${version} of ${remote} is already published with another entry (${entry}); a version's files never change, so publish a new version.`;
