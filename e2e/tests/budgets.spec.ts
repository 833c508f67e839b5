// The byte budgets of scripts/web-budgets.mjs: the gzipped JavaScript a first visit
// downloads, measured in Chromium against the production builds as `npm start` serves them. A
// page over its budget fails the run, naming its largest scripts.
import { expect, type Page } from '@playwright/test';
import { BUDGETS, kB, measureJs, overBudget } from '../../scripts/web-budgets.mjs';
import { test } from '../support/fixtures';

/** Where each page is there: its own heading, or the area the shell mounted. */
const READY: Record<string, Parameters<typeof measureJs>[2]> = {
  '/': {
    ready: (page) => page.getByRole('heading', { name: 'Book movie tickets in a few clicks' }),
    lookAhead: true,
  },
  '/auth/login': {
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Login' }),
    lookAhead: true,
  },
  '/user/theaters': { ready: (page) => page.locator('[data-remote="user"] h1') },
};

/**
 * An export of the area page's chunk (shell/src/pages/area/AreaPage) as the bundler writes it:
 * index.ts and App.tsx both import the page, and unless both imports name the same chunk the
 * bundler makes two and a page downloads both.
 */
const AREA_PAGE_EXPORT = 'prepareArea:()=>';

/** The scripts `page` downloads whose code contains `text`: call the result once it has loaded. */
function scriptsContaining(page: Page, text: string): () => Promise<string[]> {
  const found: Promise<string | null>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    found.push(
      response
        .text()
        .then((body) => (body.includes(text) ? response.url() : null))
        .catch(() => null),
    );
  });
  return async () => (await Promise.all(found)).filter((url): url is string => url !== null);
}

test(
  'a first visit downloads no more JavaScript than each entry page’s budget',
  { tag: ['@shell', '@auth', '@user'] },
  async ({ browser, pageAs }, testInfo) => {
    const signedIn = await (await pageAs('customer')).context().storageState();
    const results = [];
    for (const budget of BUDGETS) {
      // A first visit: an empty cache; signed in, the session a login left in storage.
      const context = await browser.newContext(budget.signedIn ? { storageState: signedIn } : {});
      try {
        const page = await context.newPage();
        const areaCopies = scriptsContaining(page, AREA_PAGE_EXPORT);
        const measured = await measureJs(page, budget.page, READY[budget.page]);
        results.push({ ...budget, ...measured, origin: new URL(page.url()).origin });
        // An area page downloads the area's code once (the landing page at most once, looking ahead).
        const copies = await areaCopies();
        if (budget.page === '/') expect(copies.length, budget.page).toBeLessThanOrEqual(1);
        else expect(copies, budget.page).toHaveLength(1);
      } finally {
        await context.close();
      }
    }
    const table = results
      .map(
        (r) =>
          `${r.page.padEnd(16)} ${kB(r.bytes).padStart(6)} kB of ${r.budgetKb} kB (+${kB(r.lookAheadBytes)} kB look-ahead)`,
      )
      .join('\n');
    await testInfo.attach('javascript-per-page.txt', { body: table, contentType: 'text/plain' });
    console.log(table);
    // Every page downloaded its shell and its area's scripts, compressed. The landing page has no
    // area: its shell's entry and libraries (the look-ahead of the next area comes once the browser
    // is idle, on a loaded machine after the measure).
    for (const r of results) {
      expect(r.files.length, r.page).toBeGreaterThan(r.page === '/' ? 2 : 3);
      for (const file of r.files) expect(file.encoding, file.url).toBe('br');
    }
    // The shell's libraries come in two files, not one per library (SHELL_LIBRARY_CHUNKS in
    // packages/federation/src/rsbuild.ts): its entry, its libraries, its features, and on an area
    // page the areas' libraries and the area page. Thirteen files on /user/theaters before.
    for (const r of results) {
      const shellScripts = r.files
        .filter((file) => !file.lookAhead && new URL(file.url).origin === r.origin)
        .map((file) => new URL(file.url).pathname);
      expect(shellScripts.length, `${r.page}: ${shellScripts.join(' ')}`).toBeLessThanOrEqual(
        r.page === '/' ? 3 : 5,
      );
    }
    expect(overBudget(results)).toEqual([]);
  },
);
