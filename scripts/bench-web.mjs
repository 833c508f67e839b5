// `npm run bench:web` (not part of `npm test`): how fast the entry pages are on a phone and on a
// desktop. Builds the apps, serves them as `npm start` does (scripts/start.mjs: the API on a fresh
// embedded database with the demo data, each remote's build published as its stable release, the
// static servers with their compressed twins) on ports of its own, and runs Lighthouse from npm in
// Debian's Chromium: the mobile preset (its default throttling: slow 4G, 4x slower CPU) and the
// desktop one, on the landing page, the login page and a signed-in customer's seat map (signed in
// through the real login form; the cache emptied before the run, the session kept). Prints a table
// of scores, FCP/LCP/TBT/CLS and the JavaScript each page downloads: everything that crossed the
// wire, Brotli-compressed with headers and the idle look-ahead (Lighthouse's network records),
// and the first visit's gzipped (the byte budgets of scripts/web-budgets.mjs).
//   --no-build   measure the dist folders as they are
//   --runs N     N Lighthouse runs per page and preset, the median by score reported (default 1)
//   --json FILE  also write every run's numbers to FILE
//   --reports DIR  also write every run's whole Lighthouse report (JSON) to DIR, to see why
//   --preset P   only the mobile or only the desktop preset
//   --page SLUG  only one page: landing, login or seat-map
// Exits 1 when a target is missed: mobile >= 90, desktop >= 98, CLS 0, JS within budget.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { ROOT, waitForApi } from './apps.mjs';
import { buildAll } from './build.mjs';
import { BUDGETS, kB, measureJs } from './web-budgets.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at === -1 ? fallback : args[at + 1];
};
const RUNS = Math.max(1, Number(option('--runs', 1)) || 1);
const JSON_FILE = option('--json', null);
const REPORTS_DIR = option('--reports', null);
const PRESETS = option('--preset', null) ? [option('--preset', null)] : ['mobile', 'desktop'];
const ONLY_PAGE = option('--page', null);
// A misspelt page would measure nothing and report every target met.
if (ONLY_PAGE !== null && !['landing', 'login', 'seat-map'].includes(ONLY_PAGE)) {
  console.error(`--page: no page "${ONLY_PAGE}"; one of landing, login, seat-map`);
  process.exit(2);
}
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const TARGETS = { mobile: 90, desktop: 98 };
// The demo customer of the embedded database (README, "Trying it").
const CUSTOMER = { email: 'customer@cinebook.local', password: 'Customer#2026' };

// Ports apart from `npm start` (3000-3004, 8000) and the browser tests (4000-4004, 4800).
const PORTS = { shell: 5100, auth: 5101, user: 5102, owner: 5103, admin: 5104, api: 5180 };
const SITE = `http://localhost:${PORTS.shell}`;

/** `npm start --no-build` on the bench's ports, a fresh database and release store. */
async function startProduct() {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'cinema-bench-web-'));
  const env = {
    ...process.env,
    API_PORT: String(PORTS.api),
    SHELL_PORT: String(PORTS.shell),
    MFE_AUTH_PORT: String(PORTS.auth),
    MFE_USER_PORT: String(PORTS.user),
    MFE_OWNER_PORT: String(PORTS.owner),
    MFE_ADMIN_PORT: String(PORTS.admin),
    CORS_ORIGINS: SITE,
    DATA_DIR: path.join(scratch, 'data'),
    RELEASES_DIR: path.join(scratch, 'releases'),
  };
  // The embedded database and its demo data, whatever the calling shell has set.
  delete (/** @type {Record<string, string | undefined>} */ (env).DATABASE_URL);
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs'), '--no-build'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const running = new Promise((resolve, reject) => {
    const watch = (chunk) => {
      output += chunk;
      if (output.includes('CineBook is running')) resolve(undefined);
    };
    child.stdout.on('data', watch);
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => reject(new Error(`npm start exited ${code}:\n${output}`)));
  });
  await waitForApi(PORTS.api, 120_000);
  await running;
  if (!/is stable/.test(output)) throw new Error(`The remotes were not published:\n${output}`);
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(scratch, { recursive: true, force: true });
  };
  return { stop };
}

/** Signs `page` in through the login form; resolves to a seat map URL of the demo data. */
async function signInAndFindSeatMap(page) {
  await page.goto(`${SITE}/auth/login`, { waitUntil: 'networkidle0' });
  await page.locator('input[autocomplete="username"]').fill(CUSTOMER.email);
  await page.locator('input[autocomplete="current-password"]').fill(CUSTOMER.password);
  await page.locator('form[aria-label="Login"] button[type="submit"]').click();
  await page.waitForFunction(() => location.pathname === '/user/theaters', { timeout: 30_000 });
  await page.goto(`${SITE}/user/shows`, { waitUntil: 'networkidle0' });
  // The last show listed: the demo guest holds seats of each theater's first show, not of it.
  const buttons = await page.$$('::-p-text(View Seats)');
  if (buttons.length === 0) throw new Error('No show with seats in the demo data');
  await buttons.at(-1).click();
  await page.waitForFunction(() => location.pathname === '/user/seat-layout', { timeout: 30_000 });
  return page.url();
}

/** The share of the machine's CPU time spent idle over the next `ms` milliseconds. */
async function idleShare(ms) {
  const sum = () =>
    os.cpus().reduce(
      (acc, cpu) => {
        const { idle, ...busy } = cpu.times;
        acc.idle += idle;
        acc.all += idle + Object.values(busy).reduce((a, b) => a + b, 0);
        return acc;
      },
      { idle: 0, all: 0 },
    );
  const before = sum();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = sum();
  return (after.idle - before.idle) / Math.max(1, after.all - before.all);
}

/**
 * Waits until the machine is quiet: a second in a row with its CPUs at least 90% idle (at most
 * 20 s). Lighthouse scales the main thread's observed work by 4 for a phone, so whatever still
 * ran from the step before (the sign-in's page, the API answering it) weighed on the run: on a
 * 2-core machine, five seat map runs started at once scored 72 to 88, five started 3 s later
 * 82 to 94.
 */
async function quietMachine() {
  const deadline = Date.now() + 20_000;
  let quiet = 0;
  while (quiet < 4 && Date.now() < deadline) {
    quiet = (await idleShare(250)) >= 0.9 ? quiet + 1 : 0;
  }
}

/** The median run by score, of those that measured something (a run can fail to). */
function median(runs) {
  const measured = runs.filter((run) => Number.isFinite(run.lcp));
  const sorted = (measured.length > 0 ? measured : runs).sort((a, b) => a.score - b.score);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** The numbers of one Lighthouse result. */
function summary(lhr) {
  const audit = (id) => lhr.audits[id];
  const requests = audit('network-requests')?.details?.items ?? [];
  const scripts = requests.filter((item) => item.resourceType === 'Script');
  // Lighthouse 13 names the LCP element and the layout shifts' causes in its insights.
  const lcpNode = audit('lcp-breakdown-insight')?.details?.items?.find(
    (item) => item.type === 'node',
  );
  const shifts = audit('cls-culprits-insight')?.details?.items ?? [];
  const culprits = shifts
    .flatMap((table) => table.items ?? [])
    .map((item) => item.node?.nodeLabel ?? item.node?.snippet)
    .filter(Boolean);
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: audit('first-contentful-paint').numericValue,
    lcp: audit('largest-contentful-paint').numericValue,
    tbt: audit('total-blocking-time').numericValue,
    cls: audit('cumulative-layout-shift').numericValue,
    jsTransfer: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    lcpElement: lcpNode ? `${lcpNode.snippet} "${lcpNode.nodeLabel}"` : null,
    shifted: culprits,
    warnings: lhr.runWarnings,
  };
}

async function lighthouseRun(browser, url, formFactor, signedIn, reportName) {
  const page = await browser.newPage();
  try {
    /** @type {import('lighthouse').Flags} */
    const flags = { output: 'json', logLevel: 'error', onlyCategories: ['performance'] };
    if (signedIn) {
      const seatMap = await signInAndFindSeatMap(page);
      // A first visit of someone signed in: their session in storage, nothing in the cache.
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
      await page.goto('about:blank');
      url = seatMap;
      flags.disableStorageReset = true;
    }
    const config = formFactor === 'desktop' ? desktopConfig : undefined;
    await quietMachine();
    const result = await lighthouse(url, flags, config, page);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (REPORTS_DIR) {
      mkdirSync(REPORTS_DIR, { recursive: true });
      writeFileSync(path.join(REPORTS_DIR, `${reportName}.json`), String(result.report));
    }
    return { url, ...summary(result.lhr) };
  } finally {
    await page.close();
  }
}

/** The budgets' measurement (scripts/web-budgets.mjs), as the browser tests take it. */
async function measureBudgets() {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const signIn = await browser.newContext();
    const page = await signIn.newPage();
    await page.goto(`${SITE}/auth/login`);
    await page.getByLabel('Email').fill(CUSTOMER.email);
    await page.getByLabel('Password', { exact: true }).fill(CUSTOMER.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL('**/user/theaters');
    const session = await signIn.storageState();
    await signIn.close();
    const results = {};
    for (const budget of BUDGETS) {
      const context = await browser.newContext(budget.signedIn ? { storageState: session } : {});
      const measured = await measureJs(await context.newPage(), `${SITE}${budget.page}`, {
        ready: (p) => p.locator('main h1').first(),
      });
      results[budget.page] = { ...budget, ...measured };
      await context.close();
    }
    return results;
  } finally {
    await browser.close();
  }
}

const ms = (value) => `${Math.round(value)} ms`;
const row = (cells, widths) =>
  `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;

async function main() {
  if (!args.includes('--no-build')) {
    console.log('Building the shell and the four remotes...');
    await buildAll();
  }
  console.log('Starting the product as `npm start` does...');
  const product = await startProduct();
  const all = [];
  let failed = false;
  try {
    const pages = [
      { name: '`/`', slug: 'landing', url: `${SITE}/`, budget: '/', signedIn: false },
      {
        name: '`/auth/login`',
        slug: 'login',
        url: `${SITE}/auth/login`,
        budget: '/auth/login',
        signedIn: false,
      },
      { name: 'seat map (signed in)', slug: 'seat-map', url: null, budget: null, signedIn: true },
    ].filter((target) => ONLY_PAGE === null || target.slug === ONLY_PAGE);
    const browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      defaultViewport: null,
    });
    const rows = [];
    try {
      for (const formFactor of PRESETS) {
        for (const target of pages) {
          const runs = [];
          for (let run = 0; run < RUNS; run++) {
            console.log(`Lighthouse ${formFactor} ${target.name} (run ${run + 1} of ${RUNS})...`);
            const reportName = `${formFactor}-${target.slug}-${run + 1}`;
            runs.push(
              await lighthouseRun(browser, target.url, formFactor, target.signedIn, reportName),
            );
          }
          const chosen = median(runs);
          const failedRuns = runs.length - runs.filter((run) => Number.isFinite(run.lcp)).length;
          if (failedRuns > 0) console.log(`  ${failedRuns} run(s) measured nothing; left out`);
          all.push({ page: target.name, formFactor, runs });
          rows.push({ target, formFactor, ...chosen });
        }
      }
    } finally {
      await browser.close();
    }
    console.log('Measuring the JavaScript of a first visit (the byte budgets)...');
    const budgets = await measureBudgets();

    const widths = [22, 7, 5, 8, 8, 7, 5, 13, 20];
    console.log();
    console.log(
      row(
        ['page', 'preset', 'score', 'FCP', 'LCP', 'TBT', 'CLS', 'JS wire, all', 'JS gzip (budget)'],
        widths,
      ),
    );
    console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
    for (const r of rows) {
      const budget = budgets[r.target.budget ?? '/user/theaters'];
      const budgetCell = r.target.budget
        ? `${kB(budget.bytes)} kB (${budget.budgetKb})`
        : `theaters ${kB(budget.bytes)} kB (${budget.budgetKb})`;
      const missed =
        r.score < TARGETS[r.formFactor] || r.cls > 0 || budget.bytes > budget.budgetKb * 1000;
      if (missed) failed = true;
      console.log(
        row(
          [
            r.target.name,
            r.formFactor,
            `${r.score}${missed ? '!' : ''}`,
            ms(r.fcp),
            ms(r.lcp),
            ms(r.tbt),
            r.cls.toFixed(3),
            `${kB(r.jsTransfer)} kB`,
            budgetCell,
          ],
          widths,
        ),
      );
    }
    console.log();
    // The median hides how far the runs spread (a phone's simulated CPU time is this machine's,
    // times four): every run's score, lowest first, failed runs as '-'.
    if (RUNS > 1) {
      for (const { page, formFactor, runs } of all) {
        const scores = runs
          .map((run) => (Number.isFinite(run.lcp) ? run.score : -1))
          .sort((a, b) => a - b)
          .map((score) => (score < 0 ? '-' : String(score)));
        console.log(
          `Scores of the ${runs.length} runs, ${formFactor} ${page}: ${scores.join(' ')}`,
        );
      }
      console.log();
    }
    for (const r of rows) {
      if (r.lcpElement)
        console.log(`LCP element, ${r.formFactor} ${r.target.name}: ${r.lcpElement}`);
      if (r.cls > 0)
        console.log(`Layout shifts, ${r.formFactor} ${r.target.name}: ${r.shifted.join('; ')}`);
      for (const warning of r.warnings)
        console.log(`Lighthouse, ${r.formFactor} ${r.target.name}: ${warning}`);
    }
    for (const b of Object.values(budgets)) {
      console.log(
        `${b.page}: ${kB(b.bytes)} kB gzipped JS of ${b.budgetKb} kB, then ${kB(b.lookAheadBytes)} kB fetched ahead for the next area`,
      );
    }
    if (JSON_FILE) writeFileSync(JSON_FILE, JSON.stringify({ runs: all, budgets }, null, 2));
    console.log(
      failed
        ? '\nSome targets were missed (marked !): mobile >= 90, desktop >= 98, CLS 0, JS within budget.'
        : '\nAll targets met: mobile >= 90, desktop >= 98, CLS 0, JS within budget.',
    );
  } finally {
    await product.stop();
  }
  process.exit(failed ? 1 : 0);
}

await main();
