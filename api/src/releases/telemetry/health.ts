// How a version's health is measured and judged: per reporter first, then across reporters by
// their interquartile mean (docs/decisions/0027-rollouts-weigh-reporters.md);
// rollouts/rollouts.ts acts on the verdict.

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
 * it advances only when its step is due and the canary has enough traffic; a step short of traffic
 * for INCONCLUSIVE_AFTER_WINDOWS windows pauses as inconclusive (rollouts/rules.ts).
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

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Why a step gave up for lack of traffic (rollouts/rollouts.ts): what the canary had over the
 * whole step, each figure short of its minimum with the minimum beside it, e.g. 'Inconclusive:
 * after 3 windows of 15 min the canary had 12 views (30 needed) from 2 reporters (4 needed).'
 */
export function inconclusiveReason(canary: Health, windows: number, everyMinutes: number): string {
  const views = counted(canary.views, 'view', 'views');
  const reporters = counted(canary.reporters, 'reporter', 'reporters');
  const short = (text: string, have: number, need: number) =>
    have < need ? `${text} (${need} needed)` : text;
  return `Inconclusive: after ${counted(windows, 'window', 'windows')} of ${everyMinutes} min the canary had ${short(views, canary.views, HEALTH_MIN_VIEWS)} from ${short(reporters, canary.reporters, HEALTH_MIN_REPORTERS)}.`;
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
