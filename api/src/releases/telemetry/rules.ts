// The rules of what browsers report about releases: who a reporter is, how long a report ticket
// lasts, when a canary is rolled back on load failures, how often browsers may report, and the
// messages the API answers with. How health is judged is in health.ts.

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

/** How many reporters per version the status counts as recent. */
export const STATUS_RECENT_REPORTERS = AUTO_ROLLBACK_WINDOW;

export const TOO_MANY_EVENTS = 'Too many release events. Please try again in {minutes}.';
export const TICKET_REQUIRED = 'A report ticket is required: take it from the release manifest.';
export const TICKET_INVALID = 'This report ticket is not valid.';
export const TICKET_EXPIRED = 'This report ticket has expired; fetch the release manifest again.';
export const TICKET_MISMATCH = 'This report ticket is for another release.';

// ---- health samples (docs/decisions/0017-progressive-delivery.md) ------------------------------

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

export const TOO_MANY_HEALTH_REPORTS = 'Too many health reports. Please try again in {minutes}.';
export const HEALTH_BODY_INVALID =
  'The body must be JSON: {remote, version, ticket, samples: [{kind, value?, route?}]}.';
