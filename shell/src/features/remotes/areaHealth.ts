import { apiUrl } from '@cinema/api-client';
import type { RemoteName } from '@cinema/federation';
import { whenIdle } from '../../lib/idle';
import type { HealthReporter } from '../../lib/releases/health';
import {
  HEALTH_ROUTE_MAX_LENGTH,
  HEALTH_SAMPLE_RATE,
  type HealthBeacon,
  type HealthKind,
  type HealthSample,
  sendBeacon,
  sendHealthBeacons,
} from '../../lib/releases/healthBeacon';
import { ticketOnHand } from '../../lib/releases/manifest';
import type { VitalKind } from './areaHealthReporting';

// Attribution: what the browser experiences while an area is on screen is put down to that
// area's remote and version: one `view` per area shown, at most one `error` per view (a load
// failure, a render error, an uncaught error or unhandled rejection), and the Core Web Vitals
// reported while it is shown. An area without a release version (dev builds) reports nothing.
//
// Only this part is in a first visit's bytes: samples wait here until the reporter and
// web-vitals (areaHealthReporting.ts) load once the page has settled, and a page left before
// then sends its views and errors itself, so a release people leave quickly is still counted.

type Shown = { remote: RemoteName; version: string; errored: boolean };

let shown: Shown | null = null;
let listening = false;
/** Whether this page view reports at all, decided once (HEALTH_SAMPLE_RATE). */
let sampled = Math.random() < HEALTH_SAMPLE_RATE;
/** The reporter, once loaded; until then samples wait in `early`. */
let reporter: Pick<HealthReporter, 'record'> | null = null;
let early: { remote: RemoteName; version: string; sample: HealthSample }[] = [];
let loading = false;
/** Samples a page keeps before its reporter loads: views and errors of a few areas at most. */
const EARLY_MAX = 50;

/** Errors the browser raises about itself, not about the page's code. */
const BENIGN = [/^ResizeObserver loop/];

/** The path as a pattern, so ids do not split one route into many: /user/shows/:id/seats. */
export function routePattern(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) =>
      /^\d+$/.test(segment) ||
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(segment) ||
      /^[0-9a-f]{16,}$/i.test(segment)
        ? ':id'
        : segment,
    )
    .join('/');
}

const currentRoute = () => routePattern(window.location.pathname).slice(0, HEALTH_ROUTE_MAX_LENGTH);

function record(remote: RemoteName, version: string, kind: HealthKind, value?: number): void {
  if (!sampled) return;
  // Checked by the reporter (health.ts `healthSample`); views and errors, all a page left
  // before it loads can send, carry no value.
  const sample: HealthSample = { kind, value, route: currentRoute() };
  if (reporter) reporter.record(remote, version, sample);
  else if (early.length < EARLY_MAX) early.push({ remote, version, sample });
  startReporting();
}

function recordError(target: Shown): void {
  if (target.errored) return;
  // One per view: the error rate is the share of views that went wrong, whatever loops.
  target.errored = true;
  record(target.remote, target.version, 'error');
}

function onError(event: ErrorEvent): void {
  if (!shown || BENIGN.some((pattern) => pattern.test(event.message ?? ''))) return;
  recordError(shown);
}

function onRejection(): void {
  if (shown) recordError(shown);
}

/**
 * How long after the page went idle the reporter and web-vitals are fetched: once the area and
 * the look-ahead have settled, so reporting never competes with what the person waits for (nor
 * counts in a first visit's bytes, scripts/web-budgets.mjs). Vitals are read from what the
 * browser buffered since the page began, so only a page left within these seconds loses them
 * (its views and errors are sent by `sendEarly`).
 */
export const VITALS_LOAD_DELAY_MS = 3000;

function startReporting(): void {
  if (loading) return;
  loading = true;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') sendEarly();
  });
  window.addEventListener('pagehide', sendEarly);
  whenIdle(() => {
    setTimeout(() => void loadReporting(), VITALS_LOAD_DELAY_MS);
  });
}

function loadReporting() {
  return import('./areaHealthReporting')
    .then(({ startHealthReporting }) => {
      const started = startHealthReporting((kind: VitalKind, value: number) => {
        if (shown) record(shown.remote, shown.version, kind, value);
      });
      reporter ??= started;
      for (const { remote, version, sample } of early.splice(0)) {
        reporter.record(remote, version, sample);
      }
      // From here on the page's vitals are measured (what the browser tests wait for).
      performance.mark('cinema:health-reporting');
    })
    .catch(() => {
      // Without the reporter a page left later still sends its views and errors (`sendEarly`).
    });
}

/** The page is going away before its reporter loaded: what waits goes now, with tickets on hand. */
function sendEarly(): void {
  try {
    const beacons = new Map<string, HealthBeacon>();
    for (const { remote, version, sample } of early.splice(0)) {
      const key = `${remote}@${version}`;
      const ticket = ticketOnHand(remote, version);
      if (!ticket) continue;
      const beacon = beacons.get(key) ?? { remote, version, ticket, samples: [] };
      beacon.samples.push(sample);
      beacons.set(key, beacon);
    }
    for (const beacon of beacons.values()) {
      sendHealthBeacons(sendBeacon, apiUrl('releases/health/'), beacon);
    }
  } catch {
    // Never let health reporting break the page.
  }
}

function listen(): void {
  if (listening) return;
  listening = true;
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
}

/**
 * RemoteArea calls this when `version` of `remote` is on screen; the returned function when it
 * leaves. Counts a view and attributes errors and vitals to it meanwhile; never throws.
 */
export function areaShown(remote: RemoteName, version: string | null): () => void {
  if (version === null || !sampled) return () => {};
  try {
    const entry: Shown = { remote, version, errored: false };
    shown = entry;
    listen();
    record(remote, version, 'view');
    return () => {
      if (shown === entry) shown = null;
    };
  } catch {
    return () => {};
  }
}

/** The area on screen failed while rendering (RemoteArea's error boundary). */
export function areaRenderFailed(remote: RemoteName, version: string | null): void {
  if (shown && shown.remote === remote && shown.version === version) recordError(shown);
}

/** `version` of `remote` could not be loaded: a view that went wrong at once. */
export function areaLoadFailed(remote: RemoteName, version: string | null): void {
  if (version === null) return;
  try {
    record(remote, version, 'view');
    record(remote, version, 'error');
  } catch {}
}

/** For tests: nothing on screen, and a reporter of their own or, without one, none loaded yet. */
export function resetAreaHealth(
  options: { reporter?: Pick<HealthReporter, 'record'>; sampled?: boolean } = {},
): void {
  reporter = options.reporter ?? null;
  sampled = options.sampled ?? true;
  shown = null;
  early = [];
}
