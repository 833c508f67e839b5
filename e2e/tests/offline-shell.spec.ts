import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Browser, expect, type Response, test } from '@playwright/test';
import { E2E_PORTS } from '../support/ports';
import { release } from '../support/releases';

// The site's service worker (shell/public/sw.js, docs/decisions/0044-offline-app-shell.md): a
// page seen once opens again with no network, on the build it last loaded; and whenever the
// network answers, a new release or a rollback is what loads, never a kept copy.

const ROOT = path.resolve(import.meta.dirname, '../..');
// Text of mfe-user's own build, so a changed copy of that build shows it (as releases.spec.ts).
const LOGIN_PROMPT = 'Log in to book tickets';

/** A browser that keeps the worker (the config blocks it elsewhere), on the customer area. */
async function visitor(browser: Browser) {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const page = await context.newPage();
  const area = page.locator('[data-remote="user"]');
  const heading = area.getByRole('heading', { name: /^Log in to book tickets/ });
  const seen = async (load: () => Promise<unknown>) => {
    await load();
    await expect(heading).toBeVisible();
    return { version: await area.getAttribute('data-version'), text: await heading.textContent() };
  };
  return { context, page, seen };
}

async function userStable(): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${E2E_PORTS.api}/api/releases/manifest/`);
  return (await response.json()).remotes.user.stable.version;
}

/** A copy of mfe-user's build with its login prompt changed: a new build a team would make. */
async function changedUserBuild(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cinema-mfe-user-sw-'));
  await cp(path.join(ROOT, 'mfe-user', 'dist'), dir, { recursive: true });
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = await readFile(file, 'utf8');
    if (text.includes(LOGIN_PROMPT))
      await writeFile(file, text.replaceAll(LOGIN_PROMPT, `${LOGIN_PROMPT} (offline test)`));
  }
  return dir;
}

test('a page seen once opens again with the network off, from the kept app shell', {
  tag: ['@shell', '@user'],
}, async ({ browser }) => {
  const { context, page, seen } = await visitor(browser);
  try {
    const online = await seen(() => page.goto('/user/my-tickets'));
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // The worker keeps what the first load fetched before it was in control (CACHE_URLS).
    await expect
      .poll(() => page.evaluate(async () => (await caches.keys()).sort()))
      .toEqual(['cinebook-api-v1', 'cinebook-files-v1', 'cinebook-pages-v1']);

    await context.setOffline(true);
    const responses: (Response | null)[] = [];
    expect(await seen(async () => responses.push(await page.reload()))).toEqual(online);
    expect(responses[0]?.fromServiceWorker()).toBe(true);
    // The worker's own fetches are offline too (a file it never kept cannot be had): the page
    // came from its caches, not from a network only the page could not see.
    const neverKept = await page.evaluate(() =>
      fetch('/static/js/never-kept.0123456789.js').then(
        (response) => response.status,
        () => 'failed',
      ),
    );
    expect(neverKept).toBe('failed');
    // Another page of the app, never opened on this device: the same app shell opens it.
    await page.goto('/user/theaters');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.locator('[data-remote="user"]')).toHaveAttribute(
      'data-version',
      online.version as string,
    );
  } finally {
    await context.close();
  }
});

test('a new release and its rollback load online as without a worker; offline, the last build loaded', {
  tag: ['@shell', '@user'],
}, async ({ browser }) => {
  test.setTimeout(120_000);
  const oldVersion = await userStable();
  const dist = await changedUserBuild();
  const output = await release('publish', 'user', '--dist', dist);
  const newVersion = output.match(/mfe-user (\S+) (?:published|was already)/)?.[1];
  expect(newVersion, output).toBeDefined();
  const { context, page, seen } = await visitor(browser);
  try {
    const load = () => page.goto('/user/my-tickets');
    expect(await seen(load)).toEqual({ version: oldVersion, text: LOGIN_PROMPT });
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    expect(await seen(() => page.reload())).toEqual({ version: oldVersion, text: LOGIN_PROMPT });

    // The manifest may be reused for its 15 s of HTTP caching (MANIFEST_CACHE_CONTROL), as
    // without a worker; never longer.
    const afterReloads = { timeout: 40_000, intervals: [5_000] };
    await release('canary', 'user', newVersion as string, '--percent', '100');
    await release('promote', 'user');
    const updated = { version: newVersion, text: `${LOGIN_PROMPT} (offline test)` };
    await expect.poll(() => seen(() => page.reload()), afterReloads).toEqual(updated);

    await release('rollback', 'user');
    const rolledBack = { version: oldVersion, text: LOGIN_PROMPT };
    await expect.poll(() => seen(() => page.reload()), afterReloads).toEqual(rolledBack);

    // Offline, the device opens the build it last loaded online: the rolled-back one.
    await context.setOffline(true);
    expect(await seen(() => page.reload())).toEqual(rolledBack);
  } finally {
    await context.close();
    await rm(dist, { recursive: true, force: true });
  }
});
