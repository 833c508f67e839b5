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
 * Reporters. A browser may report on a release only with the report ticket the manifest gave it
 * for exactly that remote and version (see tickets.ts), and the ticket names its reporter: the
 * network the manifest request came from (an IPv4 address, or the IPv6 prefix below), hashed per
 * release. However many manifests one address fetches, all its tickets name the same reporter, so
 * one address is one voice; browsers behind one NAT are one reporter too (a canary then needs
 * failures from AUTO_ROLLBACK_MIN_REPORTERS distinct networks, which real traffic gives quickly).
 * IPv6 is grouped by /48, the most a single site is usually given, so one home or server with its
 * own /56 or /64s cannot mint several reporters.
 */
export const REPORTER_IPV6_PREFIX_BITS = 48;

/** How long a report ticket is good for; the shell fetches a new one before it runs out. */
export const REPORT_TICKET_TTL_SECONDS = 30 * 60;

/**
 * Automatic rollback: after each report about a remote's current canary, its newest
 * AUTO_ROLLBACK_WINDOW reporters since it became canary are read, each once, by its latest report
 * (the shell reports `loaded` and then `render_failed` for a canary that loads but throws on its
 * first render, so that reporter counts as failed). With at least AUTO_ROLLBACK_MIN_REPORTERS
 * reporters and failed / reporters >= AUTO_ROLLBACK_FAILURE_RATE, the canary is dropped. A flood
 * from one reporter moves nothing: it is still one reporter with one latest outcome.
 */
export const AUTO_ROLLBACK_WINDOW = 20;
export const AUTO_ROLLBACK_MIN_REPORTERS = 5;
export const AUTO_ROLLBACK_FAILURE_RATE = 0.5;

/** Distinct reporters among some reports, how many of them last reported a failure, and how many
 *  reports they sent in all. */
export interface ReporterCounts {
  reporters: number;
  failed: number;
  reports: number;
}

export function shouldRollBack({ reporters, failed }: ReporterCounts): boolean {
  return (
    reporters >= AUTO_ROLLBACK_MIN_REPORTERS && failed / reporters >= AUTO_ROLLBACK_FAILURE_RATE
  );
}

export function autoRollbackReason({ reporters, failed }: ReporterCounts, version: string): string {
  return `Automatic rollback: ${failed} of ${reporters} recent reporters of ${version} failed.`;
}

/** Outcome reports per client IP (browsers send one per canary load, plus failures); on top of
 *  the tickets, so one reporter cannot fill the events table either. */
export const EVENTS_PER_MINUTE = 120;

/** How many reporters per version the status counts as recent, and how many audit rows it lists. */
export const STATUS_RECENT_REPORTERS = AUTO_ROLLBACK_WINDOW;
export const STATUS_AUDIT_ROWS = 20;

/** The manifest without a bucket is the same for everyone; with one it carries tickets bound to
 *  the caller's address, which no shared cache may hand to anyone else. */
export const MANIFEST_CACHE_CONTROL = 'public, max-age=15';
export const MANIFEST_WITH_TICKETS_CACHE_CONTROL = 'private, max-age=15';

export const UNKNOWN_REMOTE = 'Unknown remote.';
export const PERCENT_RANGE = 'Percent must be a whole number from 0 to 100.';
export const NO_CANARY = 'There is no canary to promote.';
export const NO_EARLIER_STABLE = 'There is no earlier stable version to return to.';
export const TOO_MANY_EVENTS = 'Too many release events. Please try again in {minutes}.';
export const BUCKET_RANGE = 'Bucket must be a whole number from 0 to 99.';
export const TICKET_REQUIRED = 'A report ticket is required: take it from the release manifest.';
export const TICKET_INVALID = 'This report ticket is not valid.';
export const TICKET_EXPIRED = 'This report ticket has expired; fetch the release manifest again.';
export const TICKET_MISMATCH = 'This report ticket is for another release.';

export const unknownVersion = (version: string, remote: string) =>
  `Unknown version ${version} for ${remote}.`;
export const alreadyStable = (version: string, remote: string) =>
  `${version} is already the stable version of ${remote}.`;
export const entryMismatch = (version: string, remote: string, entry: string) =>
  `${version} of ${remote} is already published with another entry (${entry}); a version's files never change, so publish a new version.`;

// ---- progressive delivery (docs/decisions/0017-progressive-delivery.md) ------------------------

/** What the shell measures while a remote's area is shown, per version (POST health/). */
export const HEALTH_KINDS = ['view', 'error', 'lcp', 'inp', 'cls'] as const;
export type HealthKind = (typeof HEALTH_KINDS)[number];

/** One beacon: 1 to HEALTH_SAMPLES_MAX samples, at most HEALTH_BODY_MAX_BYTES of JSON. */
export const HEALTH_SAMPLES_MAX = 50;
export const HEALTH_BODY_MAX_BYTES = 64 * 1024;
export const HEALTH_VALUE_MAX = 60_000;
export const HEALTH_ROUTE_MAX = 200;

/** Beacons per client IP a minute (on top of the tickets), like the outcome reports. */
export const HEALTH_REPORTS_PER_MINUTE = 120;
/**
 * One reporter (a network, see tickets.ts) is one voice: it may add at most this many samples a
 * minute per release; the rest of a beacon is dropped (still a 202, with the count recorded).
 * Real browsers send a few per page view, so a busy office behind one NAT still fits.
 */
export const HEALTH_SAMPLES_PER_REPORTER_PER_MINUTE = 60;
/** Samples are kept this long (the longest chart), then pruned by the ticker. */
export const HEALTH_RETENTION_HOURS = 7 * 24;
/** The status's health window when no plan is running (with a plan: since its step began). */
export const HEALTH_STATUS_WINDOW_MINUTES = 60;

/**
 * Judging a canary against stable over the same window (since the current step began). Every
 * measure is taken per reporter first (a reporter is a network, see tickets.ts) and then across
 * reporters by their interquartile mean: the reporters are sorted by the measure, the lowest and
 * highest quarter (at least one at each end once there are HEALTH_MIN_REPORTERS) are left out,
 * and the rest are averaged, each reporter weighing the same however many samples it sent. So no
 * network, and no quarter of them, can move a verdict either way: a beacon of 25 errors from one
 * network neither rolls back a canary three others find healthy nor, sent against stable, hides
 * a canary failing everywhere (docs/decisions/0027-rollouts-weigh-reporters.md).
 * - too little traffic to judge: fewer than HEALTH_MIN_VIEWS views of the canary, or fewer than
 *   HEALTH_MIN_REPORTERS reporters that saw it (more than three networks, so one is at most a
 *   quarter);
 * - errors: a reporter's error rate is its errors (at most its views) over its views; rolled
 *   back when the canary's rate is >= ERROR_RATE_RATIO x stable's AND >= ERROR_RATE_MIN. Stable's
 *   rate counts only from HEALTH_MIN_REPORTERS reporters on: with fewer it is taken as 0, so a
 *   network alone on stable cannot excuse the canary;
 * - speed: a vital's p75 is the interquartile mean of the reporters' own p75s, and none (null)
 *   until HEALTH_MIN_REPORTERS reporters measured it; rolled back when the canary's p75 LCP or
 *   INP is >= VITALS_RATIO x stable's, with at least VITALS_MIN_SAMPLES samples on both sides;
 * - layout shifts: rolled back when the canary's p75 CLS is also past CLS_GOOD (the score up to
 *   which Web Vitals calls a page good) and at least CLS_MIN_INCREASE above stable's, with as
 *   many samples: a ratio alone would roll back 0.02 against 0.01, which nobody notices.
 * A running plan is checked on every tick, so a bad canary goes as soon as the numbers are clear;
 * it advances only when its step is due and the canary has enough traffic.
 */
export const HEALTH_MIN_VIEWS = 30;
export const HEALTH_MIN_REPORTERS = 4;
export const ERROR_RATE_RATIO = 2;
export const ERROR_RATE_MIN = 0.01;
export const VITALS_RATIO = 1.25;
export const VITALS_MIN_SAMPLES = 20;
export const CLS_GOOD = 0.1;
export const CLS_MIN_INCREASE = 0.05;

/** How a version fared over a window, across its reporters (see above). */
export interface Health {
  version: string;
  /** Reporters that saw the area (sent views). */
  reporters: number;
  views: number;
  errors: number;
  error_rate: number | null;
  lcp_p75: number | null;
  inp_p75: number | null;
  cls_p75: number | null;
  lcp_samples: number;
  inp_samples: number;
  cls_samples: number;
}

/** What one reporter sent over a window: its views, errors (at most its views), and per vital
 *  its own p75 and how many samples it sent. */
export interface ReporterHealth {
  views: number;
  errors: number;
  lcp_p75: number | null;
  inp_p75: number | null;
  cls_p75: number | null;
  lcp_samples: number;
  inp_samples: number;
  cls_samples: number;
}

/**
 * The mean of `values` without their lowest and highest quarter (floor(n / 4) at each end), or
 * null for none. Below four values nothing is left out (only shown then, never judged).
 */
export function interquartileMean(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const cut = Math.floor(sorted.length / 4);
  const kept = sorted.slice(cut, sorted.length - cut);
  return kept.reduce((sum, value) => sum + value, 0) / kept.length;
}

/** A version's health from its reporters' (see above). */
export function healthOf(version: string, reporters: ReporterHealth[]): Health {
  const seen = reporters.filter((r) => r.views > 0);
  const vital = (key: 'lcp' | 'inp' | 'cls') => {
    const measured = reporters.flatMap((r) => {
      const p75 = r[`${key}_p75`];
      return p75 === null ? [] : [p75];
    });
    return measured.length < HEALTH_MIN_REPORTERS ? null : interquartileMean(measured);
  };
  const sum = (pick: (r: ReporterHealth) => number) =>
    reporters.reduce((total, r) => total + pick(r), 0);
  return {
    version,
    reporters: seen.length,
    views: sum((r) => r.views),
    errors: sum((r) => Math.min(r.errors, r.views)),
    error_rate: interquartileMean(seen.map((r) => Math.min(r.errors, r.views) / r.views)),
    lcp_p75: vital('lcp'),
    inp_p75: vital('inp'),
    cls_p75: vital('cls'),
    lcp_samples: sum((r) => r.lcp_samples),
    inp_samples: sum((r) => r.inp_samples),
    cls_samples: sum((r) => r.cls_samples),
  };
}

export type Verdict =
  | { action: 'rollback'; reason: string }
  | { action: 'hold'; reason: string }
  | { action: 'advance' };

const percent = (rate: number | null) => {
  // One decimal at most: 6.2 %, 25 %, 12.5 %.
  return `${Math.round((rate ?? 0) * 1000) / 10} %`;
};
const ms = (value: number | null) => `${Math.round(value ?? 0)} ms`;
const score = (value: number | null) => `${Math.round((value ?? 0) * 1000) / 1000}`;

/** Whether the canary's `key` p75 is worse than stable's by the rules above. */
function slower(key: 'lcp' | 'inp' | 'cls', canary: Health, stable: Health | null): boolean {
  const mine = canary[`${key}_p75`];
  const theirs = stable?.[`${key}_p75`] ?? null;
  if (
    mine === null ||
    theirs === null ||
    canary[`${key}_samples`] < VITALS_MIN_SAMPLES ||
    (stable?.[`${key}_samples`] ?? 0) < VITALS_MIN_SAMPLES ||
    mine < VITALS_RATIO * theirs
  ) {
    return false;
  }
  return key !== 'cls' || (mine > CLS_GOOD && mine - theirs >= CLS_MIN_INCREASE);
}

/** The verdict on a canary against stable (null: stable has no samples in the window). */
export function judge(canary: Health, stable: Health | null): Verdict {
  if (canary.reporters < HEALTH_MIN_REPORTERS) {
    return {
      action: 'hold',
      reason: `Too little traffic to judge: ${canary.reporters} of ${HEALTH_MIN_REPORTERS} reporters.`,
    };
  }
  // Stable's rate from too few networks is no measure (one of them could be anyone's).
  const stableRate =
    stable && stable.reporters >= HEALTH_MIN_REPORTERS ? (stable.error_rate ?? 0) : 0;
  if (
    canary.views >= HEALTH_MIN_VIEWS &&
    canary.error_rate !== null &&
    canary.error_rate >= ERROR_RATE_MIN &&
    canary.error_rate >= ERROR_RATE_RATIO * stableRate
  ) {
    return {
      action: 'rollback',
      reason: `Automatic rollback: error rate ${percent(canary.error_rate)} vs ${percent(stableRate)} on stable (${canary.views} views from ${canary.reporters} reporters).`,
    };
  }
  for (const [name, key, unit] of [
    ['LCP', 'lcp', ms],
    ['INP', 'inp', ms],
    ['CLS', 'cls', score],
  ] as const) {
    if (slower(key, canary, stable)) {
      return {
        action: 'rollback',
        reason: `Automatic rollback: ${name} p75 ${unit(canary[`${key}_p75`])} vs ${unit(stable?.[`${key}_p75`] ?? null)} on stable (${canary[`${key}_samples`]} samples).`,
      };
    }
  }
  if (canary.views < HEALTH_MIN_VIEWS) {
    return {
      action: 'hold',
      reason: `Too little traffic to judge: ${canary.views} of ${HEALTH_MIN_VIEWS} views.`,
    };
  }
  return { action: 'advance' };
}

/** How often each API instance looks at the running plans (real time; the clock decides). */
export const ROLLOUT_TICK_MS = 5000;
/** A health report also looks at its remote's plan, at most this often per instance. */
export const ROLLOUT_REPORT_TICK_MS = 2000;

export const ROLLOUT_STATES = [
  'running',
  'paused',
  'holding',
  'completed',
  'rolled_back',
  'aborted',
] as const;
export type RolloutState = (typeof ROLLOUT_STATES)[number];
export const ACTIVE_ROLLOUT_STATES: readonly RolloutState[] = ['running', 'paused', 'holding'];

export const STEPS_INVALID =
  'Steps must be whole percentages from 1 to 100, strictly increasing, ending in 100.';
export const EVERY_INVALID = 'every_minutes must be a whole number from 1 to 1440.';
export const TOO_MANY_HEALTH_REPORTS = 'Too many health reports. Please try again in {minutes}.';
export const HEALTH_BODY_INVALID =
  'The body must be JSON: {remote, version, ticket, samples: [{kind, value?, route?}]}.';
export const NO_ACTIVE_ROLLOUT = 'There is no rollout in progress for this remote.';
export const ROLLOUT_NOT_RUNNING = 'The rollout is not running.';
export const ROLLOUT_NOT_PAUSED = 'The rollout is not paused.';
export const rolloutInProgress = (version: string, remote: string) =>
  `${remote} already has a rollout in progress (${version}); pause, resume or abort it first.`;
export const rolloutAborted = (username: string) => `Rollout aborted by ${username}.`;
