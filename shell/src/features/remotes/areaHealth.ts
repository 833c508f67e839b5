import type { RemoteName } from '@cinema/federation';
import { whenIdle } from '../../lib/idle';
import { type HealthReporter, healthReporter, healthSample } from '../../lib/releases/health';

// Attribution: what the browser experiences while an area is on screen is put down to that
// area's remote and version: one `view` per area shown, at most one `error` per view (a load
// failure, a render error, an uncaught error or unhandled rejection), and the Core Web Vitals
// reported while it is shown. An area without a release version (dev builds) reports nothing.

type Shown = { remote: RemoteName; version: string; errored: boolean };

let shown: Shown | null = null;
let reporterOf: () => HealthReporter = healthReporter;
let listening = false;
let watchingVitals = false;

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

const currentRoute = () => routePattern(window.location.pathname);

function recordError(target: Shown): void {
  if (target.errored) return;
  // One per view: the error rate is the share of views that went wrong, whatever loops.
  target.errored = true;
  reporterOf().record(
    target.remote,
    target.version,
    healthSample('error', undefined, currentRoute()),
  );
}

function onError(event: ErrorEvent): void {
  if (!shown || BENIGN.some((pattern) => pattern.test(event.message ?? ''))) return;
  recordError(shown);
}

function onRejection(): void {
  if (shown) recordError(shown);
}

/**
 * How long after the page went idle web-vitals is fetched: once the area and the look-ahead
 * have settled, so measuring never competes with what the person waits for (nor counts in a
 * first visit's bytes, scripts/web-budgets.mjs). It reads the entries the browser buffered since
 * the page began (LCP, layout shifts, interactions), so loading it late loses nothing but the
 * vitals of a page left within these seconds (its view and errors still count).
 */
export const VITALS_LOAD_DELAY_MS = 3000;

function watchVitals(): void {
  if (watchingVitals) return;
  watchingVitals = true;
  whenIdle(() => {
    setTimeout(() => void loadVitals(), VITALS_LOAD_DELAY_MS);
  });
}

function loadVitals() {
  return import('web-vitals')
    .then(({ onCLS, onINP, onLCP }) => {
      const report =
        (kind: 'lcp' | 'inp' | 'cls') =>
        ({ value }: { value: number }) => {
          if (shown) {
            reporterOf().record(
              shown.remote,
              shown.version,
              healthSample(kind, value, currentRoute()),
            );
          }
        };
      onLCP(report('lcp'));
      onINP(report('inp'));
      onCLS(report('cls'));
    })
    .catch(() => {
      // Without vitals the errors still count.
    });
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
  if (version === null) return () => {};
  try {
    const reporter = reporterOf();
    if (!reporter.sampled) return () => {};
    const entry: Shown = { remote, version, errored: false };
    shown = entry;
    listen();
    reporter.record(remote, version, healthSample('view', undefined, currentRoute()));
    watchVitals();
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
    const reporter = reporterOf();
    const route = currentRoute();
    reporter.record(remote, version, healthSample('view', undefined, route));
    reporter.record(remote, version, healthSample('error', undefined, route));
  } catch {}
}

/** For tests: a reporter of their own, and nothing on screen. */
export function resetAreaHealth(reporter: () => HealthReporter = healthReporter): void {
  reporterOf = reporter;
  shown = null;
}
