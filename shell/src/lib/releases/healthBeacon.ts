import type { RemoteName } from '@cinema/federation';

// What a health beacon is and how it leaves the page: the part of health reporting every area
// carries from its first render (features/remotes/areaHealth.ts), small because it is in the
// bytes of a first visit. The reporter (health.ts), which checks and batches samples, loads once
// the page has settled.

/** `view`: the area was shown (the error rate's denominator); `error`: something failed while it
 *  was shown; `lcp`, `inp` (ms) and `cls` (unitless): Core Web Vitals of its routes. */
export type HealthKind = 'view' | 'error' | 'lcp' | 'inp' | 'cls';
export type HealthSample = { kind: HealthKind; value?: number; route?: string };
/** What one beacon carries: samples about one release, with the manifest's ticket for it. */
export type HealthBeacon = {
  remote: RemoteName;
  version: string;
  ticket: string;
  samples: HealthSample[];
};
export type SendBody = (url: string, body: Blob) => void;

/**
 * The share of page views that report health, decided once per page view. Every view for now: a
 * canary at 5 % of modest traffic needs every view to be judged within a step, and the API caps
 * what one reporter may send a minute. Lower it here for a large audience; views and errors are
 * sampled alike, so the error rate stays unbiased.
 */
export const HEALTH_SAMPLE_RATE = 1;
/** The API takes 1 to 50 samples a beacon; a full batch is sent at once. */
export const HEALTH_BATCH_SIZE = 50;
/** The API takes routes of up to 200 characters. */
export const HEALTH_ROUTE_MAX_LENGTH = 200;

/** The beacon's body: JSON sent as text/plain, a type that needs no CORS preflight. */
export function healthBeaconBody(beacon: HealthBeacon): Blob {
  return new Blob([JSON.stringify(beacon)], { type: 'text/plain' });
}

/** Sends a body that must outlive the page: sendBeacon, else a keepalive fetch; never throws. */
export const sendBeacon: SendBody = (url, body) => {
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body)) return;
    // The browser refused to queue it (too much in flight): a keepalive fetch outlives the page too.
    fetch(url, { method: 'POST', body, keepalive: true, credentials: 'omit' }).catch(() => {});
  } catch {
    // Health is best effort; the page never pays for it.
  }
};

/** Sends `samples` about one release in beacons of at most a batch each. */
export function sendHealthBeacons(send: SendBody, url: string, beacon: HealthBeacon): void {
  const { samples } = beacon;
  for (let i = 0; i < samples.length; i += HEALTH_BATCH_SIZE) {
    send(url, healthBeaconBody({ ...beacon, samples: samples.slice(i, i + HEALTH_BATCH_SIZE) }));
  }
}
