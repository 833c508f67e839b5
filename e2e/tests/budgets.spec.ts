// The byte budgets of issue #13 (scripts/web-budgets.mjs): the gzipped JavaScript a first visit
// downloads, measured in Chromium against the production builds as `npm start` serves them. A
// page over its budget fails the run, naming its largest scripts.
import { expect } from '@playwright/test';
import { BUDGETS, kB, measureJs, overBudget } from '../../scripts/web-budgets.mjs';
import { test } from '../support/fixtures';

/** Where each page is there: its own heading, or the area the shell mounted. */
const READY: Record<string, Parameters<typeof measureJs>[2]> = {
  '/': {
    ready: (page) => page.getByRole('heading', { name: 'Book movie tickets in a few clicks' }),
  },
  '/auth/login': { ready: (page) => page.getByRole('heading', { level: 1, name: 'Login' }) },
  '/user/theaters': { ready: (page) => page.locator('[data-remote="user"] h1') },
};

test('a first visit downloads no more JavaScript than each entry page’s budget', async ({
  browser,
  pageAs,
}, testInfo) => {
  const signedIn = await (await pageAs('customer')).context().storageState();
  const results = [];
  for (const budget of BUDGETS) {
    // A first visit: an empty cache; signed in, the session a login left in storage.
    const context = await browser.newContext(budget.signedIn ? { storageState: signedIn } : {});
    try {
      const page = await context.newPage();
      const measured = await measureJs(page, budget.page, READY[budget.page]);
      results.push({ ...budget, ...measured });
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
  // Every page downloaded its shell and its area's scripts, compressed.
  for (const r of results) {
    expect(r.files.length, r.page).toBeGreaterThan(3);
    for (const file of r.files) expect(file.encoding, file.url).toBe('br');
  }
  expect(overBudget(results)).toEqual([]);
});
