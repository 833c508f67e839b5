import { apiUrl } from '@cinema/api-client';
import type { RemoteName } from '@cinema/federation';
import {
  HEALTH_BATCH_SIZE,
  HEALTH_ROUTE_MAX_LENGTH,
  type HealthKind,
  type HealthSample,
  type SendBody,
  sendBeacon,
  sendHealthBeacons,
} from './healthBeacon';
import { ticketFor, ticketOnHand } from './manifest';

// Health from real browsers: samples about the release of a remote that a page view showed,
// batched per release and sent with navigator.sendBeacon to `POST releases/health/`, where the
// registry compares a canary with stable (api/src/releases/telemetry/health.ts). Loaded once the
// page has settled (features/remotes/areaHealth.ts); what a beacon is lives in healthBeacon.ts.

/** The API refuses values outside 0..60000; a longer LCP or INP is still a very slow one. */
export const HEALTH_MAX_VALUE = 60_000;

const VALUED: readonly HealthKind[] = ['lcp', 'inp', 'cls'];

/** A sample the API accepts, or null: values finite and clamped, routes cut to length. */
export function healthSample(
  kind: HealthKind,
  value?: number,
  route?: string,
): HealthSample | null {
  const sample: HealthSample = { kind };
  if (VALUED.includes(kind)) {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return null;
    // ms as whole numbers; CLS keeps four decimals (its good threshold is 0.1).
    const rounded = kind === 'cls' ? Math.round(value * 10_000) / 10_000 : Math.round(value);
    sample.value = Math.min(rounded, HEALTH_MAX_VALUE);
  }
  if (route) sample.route = route.slice(0, HEALTH_ROUTE_MAX_LENGTH);
  return sample;
}

/** Samples kept per release while no ticket is to be had, so a page left open stays small. */
export const HEALTH_MAX_QUEUED = 200;

export type HealthReporterOptions = {
  /** A ticket for the release, asking the API for a fresh manifest if need be. */
  ticketFor?: (remote: RemoteName, version: string) => Promise<string | null>;
  /** The ticket on hand, without a request: for a page that is going away. */
  ticketOnHand?: (remote: RemoteName, version: string) => string | null;
  send?: SendBody;
  url?: () => string;
};

export type HealthReporter = {
  /** Queues a sample about `version` of `remote` (dropped unless `healthSample` takes it); a
   *  full batch is sent at once. */
  record(remote: RemoteName, version: string, sample: HealthSample): void;
  /** Sends every queued sample; `leaving`: the page is being hidden or unloaded. */
  flush(leaving: boolean): void;
  /** How many samples wait, per `remote@version` (for tests and debugging). */
  pending(): Record<string, number>;
};

/** A batcher of health samples; the shell uses one per page view (`healthReporter`). */
export function createHealthReporter(options: HealthReporterOptions = {}): HealthReporter {
  const {
    ticketFor: askTicket = ticketFor,
    ticketOnHand: ticketNow = ticketOnHand,
    send = sendBeacon,
    url = () => apiUrl('releases/health/'),
  } = options;
  const queues = new Map<
    string,
    { remote: RemoteName; version: string; samples: HealthSample[] }
  >();

  const post = (remote: RemoteName, version: string, ticket: string, samples: HealthSample[]) =>
    sendHealthBeacons(send, url(), { remote, version, ticket, samples });

  function sendQueue(key: string, leaving: boolean): void {
    const queue = queues.get(key);
    if (!queue || queue.samples.length === 0) return;
    const { remote, version } = queue;
    if (leaving) {
      // No time for a request: the ticket on hand or nothing (its samples are dropped).
      const ticket = ticketNow(remote, version);
      const samples = queue.samples.splice(0);
      if (ticket) post(remote, version, ticket, samples);
      return;
    }
    const samples = queue.samples.splice(0, HEALTH_BATCH_SIZE);
    askTicket(remote, version)
      .then((ticket) => {
        // No ticket: the API no longer offers this release (e.g. a canary rolled back meanwhile).
        if (ticket) post(remote, version, ticket, samples);
      })
      .catch(() => {});
  }

  return {
    record(remote, version, raw) {
      try {
        const sample = healthSample(raw.kind, raw.value, raw.route);
        if (!sample) return;
        const key = `${remote}@${version}`;
        let queue = queues.get(key);
        if (!queue) {
          queue = { remote, version, samples: [] };
          queues.set(key, queue);
        }
        if (queue.samples.length >= HEALTH_MAX_QUEUED) return;
        queue.samples.push(sample);
        // A page already hidden may never be shown again (web-vitals reports LCP, INP and CLS
        // as it hides): send now rather than wait for a flush that has passed.
        const hidden = typeof document !== 'undefined' && document.visibilityState === 'hidden';
        if (hidden) sendQueue(key, true);
        else if (queue.samples.length >= HEALTH_BATCH_SIZE) sendQueue(key, false);
      } catch {
        // Never let health reporting break the page.
      }
    },
    flush(leaving) {
      for (const key of queues.keys()) {
        try {
          sendQueue(key, leaving);
        } catch {}
      }
    },
    pending() {
      return Object.fromEntries(
        [...queues].map(([key, queue]) => [key, queue.samples.length] as const),
      );
    },
  };
}

let reporter: HealthReporter | null = null;

/**
 * This page view's reporter, sending what it holds when the page is hidden or unloaded (the
 * moments a browser still lets a beacon go out).
 */
export function healthReporter(): HealthReporter {
  if (reporter) return reporter;
  const created = createHealthReporter();
  reporter = created;
  const leave = () => created.flush(true);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') leave();
  });
  window.addEventListener('pagehide', leave);
  return created;
}
