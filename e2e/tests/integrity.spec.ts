// The browser's integrity check on remote entries (docs/decisions/0037-release-integrity.md): a
// static host or CDN that serves other bytes for a published remoteEntry.js than publishing
// recorded gets them refused. A canary falls back to stable in the same page view and its failure
// is reported as an integrity failure; a stable shows the area's error and nothing of it runs.
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { axeProblems } from '../support/onsale';
import { E2E_PORTS } from '../support/ports';
import { anonymousIdWhere, release } from '../support/releases';

const ROOT = path.resolve(import.meta.dirname, '../..');
const LOGIN_PROMPT = 'Log in to book tickets';
const SRI = /^sha384-[A-Za-z0-9+/]{64}$/;

type Release = { version: string; entry: string; integrity: string | null };

async function userReleases(): Promise<{ stable: Release; canary: Release | null }> {
  const response = await fetch(`http://127.0.0.1:${E2E_PORTS.api}/api/releases/manifest/`);
  return (await response.json()).remotes.user;
}

/** A copy of mfe-user's build whose login heading says `mark`: another release. */
async function markedUserBuild(mark: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cinema-mfe-user-'));
  await cp(path.join(ROOT, 'mfe-user', 'dist'), dir, { recursive: true });
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = await readFile(file, 'utf8');
    if (text.includes(LOGIN_PROMPT)) {
      await writeFile(file, text.replaceAll(LOGIN_PROMPT, `${LOGIN_PROMPT} (${mark})`));
    }
  }
  return dir;
}

/**
 * A fresh browser every canary reaches; with `alter`, its network hands it the entry of that
 * version with a byte more than the release store holds (a CDN or proxy changing the file).
 */
async function visitor(browser: Browser, alter: string | null) {
  const context = await browser.newContext();
  const anonymousId = anonymousIdWhere(() => true);
  await context.addInitScript((id) => localStorage.setItem('cinema-anonymous-id', id), anonymousId);
  if (alter) {
    await context.route(
      (url) => url.pathname === `/${alter}/remoteEntry.js`,
      async (route) => {
        const response = await route.fetch();
        const headers = { ...response.headers() };
        delete headers['content-encoding'];
        delete headers['content-length'];
        const body = Buffer.concat([await response.body(), Buffer.from('\n;')]);
        await route.fulfill({ response, headers, body });
      },
    );
  }
  const page = await context.newPage();
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  return { context, page, warnings };
}

const userArea = (page: Page) => page.locator('[data-remote="user"]');

test('a canary whose entry bytes were altered falls back to stable and is reported as an integrity failure', {
  tag: ['@user'],
}, async ({ browser }) => {
  test.setTimeout(120_000);
  const before = await userReleases();
  expect(before.stable.integrity).toMatch(SRI);
  const dist = await markedUserBuild('integrity canary');
  try {
    const output = await release('publish', 'user', '--dist', dist);
    const version = output.match(/mfe-user (\S+) (?:published|was already)/)?.[1] as string;
    expect(version, output).toBeDefined();
    await release('canary', 'user', version, '--percent', '100');
    const { canary } = await userReleases();
    expect(canary?.version).toBe(version);
    // Its entry may be byte for byte the stable's (only a chunk changed): the URL differs.
    expect(canary?.integrity).toMatch(SRI);

    // The bytes as published pass the check: the canary runs.
    const honest = await visitor(browser, null);
    await honest.page.goto('/user/my-tickets');
    await expect(
      userArea(honest.page).getByRole('heading', { name: `${LOGIN_PROMPT} (integrity canary)` }),
    ).toBeVisible();
    await expect(userArea(honest.page)).toHaveAttribute('data-version', version);
    await honest.context.close();

    // Altered bytes: refused, the stable release is shown, and the failure says why.
    const altered = await visitor(browser, version);
    const reported = altered.page.waitForRequest(
      (request) => request.url().includes('/api/releases/events') && request.method() === 'POST',
    );
    await altered.page.goto('/user/my-tickets');
    await expect(
      userArea(altered.page).getByRole('heading', { name: LOGIN_PROMPT, exact: true }),
    ).toBeVisible();
    await expect(userArea(altered.page)).toHaveAttribute('data-version', before.stable.version);
    await expect(altered.page.getByText('(integrity canary)')).toHaveCount(0);
    await expect(altered.page.getByRole('alert')).toHaveCount(0);
    const event = (await reported).postDataJSON();
    expect(event).toMatchObject({ remote: 'user', version, outcome: 'load_failed' });
    expect(event.detail).toContain('Integrity check failed');
    expect(event.detail).toContain(canary?.integrity);
    expect(altered.warnings.some((text) => text.includes(`canary ${version} failed`))).toBe(true);
    expect(await axeProblems(altered.page)).toEqual([]);
    await altered.context.close();
  } finally {
    await release('rollback', 'user').catch(() => '');
    await rm(dist, { recursive: true, force: true });
  }
  expect((await userReleases()).canary).toBeNull();
});

test("a stable whose entry bytes were altered shows the area's error and runs none of it", {
  tag: ['@user'],
}, async ({ browser }) => {
  const { stable, canary } = await userReleases();
  expect(canary).toBeNull();
  expect(stable.integrity).toMatch(SRI);
  const altered = await visitor(browser, stable.version);
  await altered.page.goto('/user/my-tickets');
  await expect(
    altered.page.getByRole('heading', { name: 'The booking area could not be loaded' }),
  ).toBeVisible();
  await expect(altered.page.getByRole('heading', { name: LOGIN_PROMPT })).toHaveCount(0);
  // The remote's container never ran: the global its entry declares is not there.
  expect(await altered.page.evaluate(() => 'mfe_user' in window)).toBe(false);
  expect(altered.warnings.some((text) => text.includes('Integrity check failed'))).toBe(true);
  // The header and the other areas still work.
  await expect(altered.page.getByRole('banner')).toBeVisible();
  expect(await axeProblems(altered.page)).toEqual([]);
  await altered.context.close();
});
