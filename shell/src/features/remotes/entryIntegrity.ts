import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

// The browser's own Subresource Integrity check on a remote's remoteEntry.js: the release
// manifest names each release's entry with the SHA-384 publishing recorded, and this Module
// Federation runtime plugin creates that entry's <script> with `integrity` and
// `crossOrigin = 'anonymous'` (SRI needs a CORS fetch; the release store answers with
// Access-Control-Allow-Origin, scripts/serve.mjs). Other bytes never run: the script fails to
// load, and the shell falls back as for any failed load (docs/decisions/0037-release-integrity.md).
// The runtime calls `createScript` only for entries and preloads (runtime-core utils/load.js);
// the chunks an entry loads are named by content hash, not checked here.

/** Entry URL -> its SRI, for the entries registered with one. */
const expected = new Map<string, string>();
/** Entries whose checked <script> fired `error` in this page view. */
const failed = new Set<string>();

const absolute = (url: string) => new URL(url, window.location.href).href;

/** Loads of `entry` are to be checked against `integrity` (none: unchecked, as before). */
export function expectIntegrity(entry: string, integrity: string | null): void {
  const url = absolute(entry);
  failed.delete(url);
  if (integrity) expected.set(url, integrity);
  else expected.delete(url);
}

/** Forgets every expectation (a new manifest). */
export function clearIntegrity(): void {
  expected.clear();
  failed.clear();
}

export const entryIntegrityPlugin = (): ModuleFederationRuntimePlugin => ({
  name: 'cinema-entry-integrity',
  createScript({ url }) {
    const key = absolute(url);
    const integrity = expected.get(key);
    if (!integrity) return undefined;
    const script = document.createElement('script');
    script.src = url;
    // The attributes, which the `integrity` and `crossOrigin` properties reflect.
    script.setAttribute('integrity', integrity);
    script.setAttribute('crossorigin', 'anonymous');
    script.addEventListener('error', () => failed.add(key));
    return script;
  },
});

/** A remote entry whose bytes the browser refused. */
export class IntegrityError extends Error {
  override name = 'IntegrityError';
}

/** The HTTP status the browser got for `url` (Resource Timing), or null if it cannot say. */
function responseStatus(url: string): number | null {
  const timings = performance.getEntriesByName(url, 'resource') as (PerformanceResourceTiming & {
    responseStatus?: number;
  })[];
  const status = timings.at(-1)?.responseStatus;
  return typeof status === 'number' ? status : null;
}

/**
 * Why a checked entry failed, when it was the check: its script fired `error` although the
 * server answered 2xx (the bytes came, and the browser refused them). Null otherwise (no check,
 * a network error or HTTP error, or a failure after the entry ran), so the load's own error
 * stands. Consumed: a retry starts clean.
 */
export function integrityFailure(entry: string): IntegrityError | null {
  const url = absolute(entry);
  const integrity = expected.get(url);
  if (!integrity || !failed.has(url)) return null;
  failed.delete(url);
  const status = responseStatus(url);
  if (status === null || status < 200 || status > 299) return null;
  return new IntegrityError(
    `Integrity check failed: the browser refused ${url}, whose bytes do not match ${integrity}`,
  );
}
