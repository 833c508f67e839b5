import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { axeProblems, sidewaysOverflow, tabTo } from '../support/onsale';
import { E2E_ADMIN, E2E_PORTS } from '../support/ports';
import { release } from '../support/releases';

// Private previews (docs/decisions/0036-private-previews.md): a signed link makes one browser load
// one published version of a remote, shows a banner there, and counts in nobody's health figures.

const ROOT = path.resolve(import.meta.dirname, '../..');
const API = `http://127.0.0.1:${E2E_PORTS.api}/api`;
const LOGIN_PROMPT = 'Log in to book tickets';
const PREVIEWED = `${LOGIN_PROMPT} (preview build)`;

/** A copy of mfe-user's build with its login heading changed: a version nobody gets yet. */
async function previewBuildOfUser(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cinema-mfe-user-preview-'));
  await cp(path.join(ROOT, 'mfe-user', 'dist'), dir, { recursive: true });
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = await readFile(file, 'utf8');
    if (text.includes(LOGIN_PROMPT))
      await writeFile(file, text.replaceAll(LOGIN_PROMPT, PREVIEWED));
  }
  return dir;
}

async function adminToken(): Promise<string> {
  const response = await fetch(`${API}/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email_or_username: E2E_ADMIN.email, password: E2E_ADMIN.password }),
  });
  expect(response.status).toBe(200);
  return (await response.json()).access;
}

/** Views the API has counted for `version` of mfe-user in the last hour. */
async function viewsOf(version: string): Promise<number> {
  const response = await fetch(`${API}/releases/user/health/?hours=1`, {
    headers: { Authorization: `Bearer ${await adminToken()}` },
  });
  expect(response.status).toBe(200);
  const { points } = (await response.json()) as { points: { version: string; views: number }[] };
  return points.filter((p) => p.version === version).reduce((sum, p) => sum + p.views, 0);
}

/** mfe-user's stable version, once `npm start` has published its build (just after the API is up). */
async function userStable(): Promise<string> {
  let version: string | undefined;
  await expect
    .poll(
      async () => {
        const manifest = await (await fetch(`${API}/releases/manifest/`)).json();
        version = manifest.remotes.user.stable?.version;
        return version;
      },
      { timeout: 60_000 },
    )
    .toBeDefined();
  return version as string;
}

/** A fresh browser: its own storage, nothing of the others'. */
async function visitor(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  return { context, page };
}

/** Opens the customer area, waits until its health reporting runs, then leaves (beacons go). */
async function viewUserArea(page: Page) {
  await page.goto('/user/my-tickets');
  const area = page.locator('[data-remote="user"]');
  const heading = area.getByRole('heading', { name: new RegExp(`^${LOGIN_PROMPT}`) });
  await expect(heading).toBeVisible();
  const seen = {
    version: await area.getAttribute('data-version'),
    heading: (await heading.textContent())?.trim(),
  };
  await page.waitForFunction(
    () => performance.getEntriesByName('cinema:health-reporting').length > 0,
    undefined,
    { timeout: 20_000 },
  );
  await page.goto('about:blank');
  return seen;
}

test('a preview link makes only that browser load the version, uncounted, until it leaves', {
  tag: ['@user'],
}, async ({ browser }) => {
  test.setTimeout(180_000);
  const stable = await userStable();
  const dist = await previewBuildOfUser();
  const output = await release('publish', 'user', '--dist', dist);
  const version = output.match(/mfe-user (\S+) (?:published|was already)/)?.[1] as string;
  expect(version, output).toBeDefined();
  expect(version).not.toBe(stable);

  const printed = await release('preview', 'user', version, '--minutes', '30');
  const link = printed.match(/^\s+(http:\/\/localhost:\d+\/\?preview=\S+)$/m)?.[1] as string;
  expect(link, printed).toBeDefined();
  const stableViewsBefore = await viewsOf(stable);

  // The tester's browser: the banner, the previewed build, no trace of the token in the address.
  const tester = await visitor(browser);
  await tester.page.goto(link);
  const banner = tester.page.getByRole('region', { name: 'Preview' });
  await expect(banner.getByRole('status')).toHaveText(
    new RegExp(`^Preview: user area ${version.replaceAll('.', '\\.')} \\(until \\d\\d:\\d\\d\\)$`),
  );
  expect(new URL(tester.page.url()).search).toBe('');
  expect(await axeProblems(tester.page)).toEqual([]);
  expect(await viewUserArea(tester.page)).toMatchObject({ version, heading: PREVIEWED });

  // Its views reach no release's figures: neither the preview's nor stable's.
  await tester.page.waitForTimeout(3000);
  expect(await viewsOf(version)).toBe(0);
  expect(await viewsOf(stable)).toBe(stableViewsBefore);

  // Everyone else: stable, counted as always.
  const other = await visitor(browser);
  expect(await viewUserArea(other.page)).toMatchObject({ version: stable, heading: LOGIN_PROMPT });
  await expect.poll(() => viewsOf(stable), { timeout: 20_000 }).toBeGreaterThan(stableViewsBefore);
  expect(await viewsOf(version)).toBe(0);

  // On a phone (360 px) the banner fits and its button shows; Leave preview, by keyboard alone
  // from the top of the page: the page reloads on stable and the banner is gone.
  await tester.page.setViewportSize({ width: 360, height: 740 });
  await tester.page.goto('/user/my-tickets');
  const leave = tester.page.getByRole('button', { name: 'Leave preview' });
  await expect(leave).toBeInViewport();
  expect(await sidewaysOverflow(tester.page)).toBeLessThanOrEqual(0);
  expect(await axeProblems(tester.page)).toEqual([]);
  await tabTo(tester.page, leave);
  await tester.page.keyboard.press('Enter');
  await expect(tester.page.getByRole('region', { name: 'Preview' })).toHaveCount(0);
  await expect(tester.page.locator('[data-remote="user"]')).toHaveAttribute('data-version', stable);

  await Promise.all([tester.context.close(), other.context.close()]);
  await rm(dist, { recursive: true, force: true });
});

test('a forged preview link changes nothing', { tag: ['@user'] }, async ({ browser }) => {
  const stable = await userStable();
  const printed = await release('preview', 'user', stable, '--minutes', '5');
  const link = printed.match(/^\s+(http:\/\/localhost:\d+\/\?preview=\S+)$/m)?.[1] as string;
  // The same payload under a signature of the attacker's own.
  const forged = `${link.replace(/\.[A-Za-z0-9_-]+$/, '.')}${'A'.repeat(43)}`;
  const context = await browser.newContext();
  const page = await context.newPage();
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto(forged.replace(/^http:\/\/localhost:\d+/, ''));
  await expect.poll(() => warnings.join('\n')).toMatch(/preview link is not valid or has expired/);
  expect(new URL(page.url()).search).toBe('');
  await page.goto('/user/my-tickets');
  await expect(page.locator('[data-remote="user"]')).toHaveAttribute('data-version', stable);
  await expect(page.getByRole('region', { name: 'Preview' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('cinema-preview'))).toBeNull();
  await context.close();
});
