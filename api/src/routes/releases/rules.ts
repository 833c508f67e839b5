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
