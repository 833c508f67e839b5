// The byte budgets of the entry pages, and how they are measured: the JavaScript a browser with
// an empty cache downloads to show the page, as gzip would send each file (level 9, the build's
// .gz twins), in kB of 1000 bytes. What the page fetches after it has settled, when idle, for the
// area the person will most likely open next (the shell marks it `cinema:preload`), is counted
// apart: it is the next page's, not this one's. Used by the browser tests (e2e budgets.spec.ts,
// which fail CI when a budget is exceeded) and `npm run bench:web`.
import { gzipSync } from 'node:zlib';

/** Each page's budget, in kB (1000 bytes) of gzipped JavaScript. */
export const BUDGETS = [
  { page: '/', label: 'landing', signedIn: false, budgetKb: 150 },
  { page: '/auth/login', label: 'login', signedIn: false, budgetKb: 190 },
  { page: '/user/theaters', label: 'theaters (signed in)', signedIn: true, budgetKb: 190 },
];

const gzipSize = (body) => gzipSync(body, { level: 9 }).length;

/**
 * Opens `url` in `page` (a Playwright page of a context with an empty cache) and returns the
 * JavaScript it downloaded: `{files, bytes, lookAheadBytes}`, each file `{url, gzip, transfer,
 * encoding, lookAhead}` (transfer: the bytes that crossed the wire, as the server encoded them).
 * `ready` is a locator the page shows once it is there; after it, the network must be quiet.
 */
export async function measureJs(page, url, { ready, lookAhead = false } = {}) {
  const pending = [];
  const onResponse = (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const body = await response.body();
        const sizes = await response.request().sizes();
        return {
          url: response.url(),
          gzip: gzipSize(body),
          transfer: sizes.responseBodySize,
          encoding: response.headers()['content-encoding'] ?? 'identity',
        };
      })().catch(() => null),
    );
  };
  page.on('response', onResponse);
  try {
    await page.goto(url, { waitUntil: 'load' });
    if (ready) await ready(page).waitFor({ state: 'visible', timeout: 30_000 });
    // A page that looks ahead starts it once it has settled (an idle moment after its paint):
    // on a loaded machine that can come after the network was quiet for the first time.
    if (lookAhead) {
      await page.waitForFunction(() => performance.getEntriesByName('cinema:preload').length > 0);
    }
    await page.waitForLoadState('networkidle');
    const files = (await Promise.all(pending)).filter(Boolean);
    // Which scripts the page asked for only after the look-ahead began.
    const { mark, starts } = await page.evaluate(() => ({
      mark: performance.getEntriesByName('cinema:preload')[0]?.startTime ?? null,
      starts: Object.fromEntries(
        performance.getEntriesByType('resource').map((entry) => [entry.name, entry.startTime]),
      ),
    }));
    for (const file of files) {
      file.lookAhead = mark !== null && (starts[file.url] ?? 0) >= mark;
    }
    const sum = (list) => list.reduce((total, file) => total + file.gzip, 0);
    return {
      files,
      bytes: sum(files.filter((file) => !file.lookAhead)),
      lookAheadBytes: sum(files.filter((file) => file.lookAhead)),
    };
  } finally {
    page.off('response', onResponse);
  }
}

export const kB = (bytes) => (bytes / 1000).toFixed(1);

/** A message for each measured page over its budget; `results` are `{page, budgetKb, bytes}`. */
export function overBudget(results) {
  return results
    .filter(({ bytes, budgetKb }) => bytes > budgetKb * 1000)
    .map(
      ({ page, bytes, budgetKb, files = [] }) =>
        `${page}: ${kB(bytes)} kB of gzipped JavaScript, over its budget of ${budgetKb} kB. ` +
        `Largest: ${[...files]
          .filter((file) => !file.lookAhead)
          .sort((a, b) => b.gzip - a.gzip)
          .slice(0, 3)
          .map((file) => `${file.url} ${kB(file.gzip)} kB`)
          .join(', ')}`,
    );
}
