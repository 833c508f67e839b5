import { createHash } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Browser, expect, test } from '@playwright/test';
import { E2E_PORTS, e2eReleasesDir } from '../support/ports';
import { anonymousIdWhere, onOwnNetwork, release } from '../support/releases';

const ROOT = path.resolve(import.meta.dirname, '../..');
// The customer area's own login heading: text of mfe-user's build (the prompt's body is the
// shared UI package's), so a changed copy of that build shows it.
const LOGIN_PROMPT = 'Log in to book tickets';

/** Every file under `dir` with its SHA-256, to prove the shell's build is never touched. */
async function fingerprint(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(dir, file)] = createHash('sha256')
      .update(await readFile(file))
      .digest('hex');
  }
  return files;
}

/** A copy of mfe-user's build changed by `patch` (a new build a team would have made). */
async function variantOfUserBuild(patch: (file: string, text: string) => string | null) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cinema-mfe-user-'));
  await cp(path.join(ROOT, 'mfe-user', 'dist'), dir, { recursive: true });
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const changed = patch(entry.name, await readFile(file, 'utf8'));
    if (changed !== null) await writeFile(file, changed);
  }
  return dir;
}

async function publishUser(dist: string): Promise<string> {
  const output = await release('publish', 'user', '--dist', dist);
  const version = output.match(/mfe-user (\S+) (?:published|was already)/)?.[1];
  expect(version, output).toBeDefined();
  return version as string;
}

async function userManifest(): Promise<{
  stable: { version: string };
  canary: { version: string } | null;
}> {
  const response = await fetch(`http://127.0.0.1:${E2E_PORTS.api}/api/releases/manifest/`);
  return (await response.json()).remotes.user;
}

async function userStable(): Promise<string> {
  return (await userManifest()).stable.version;
}

/** The `release status` row of mfe-user. */
async function userStatusRow(): Promise<string> {
  const table = await release('status');
  return table.split('\n').find((line) => line.startsWith('mfe-user ')) ?? table;
}

/** A fresh browser (its own storage and cache) with a given anonymous id. */
async function visitor(browser: Browser, anonymousId: string) {
  const context = await browser.newContext();
  await context.addInitScript((id) => localStorage.setItem('cinema-anonymous-id', id), anonymousId);
  const page = await context.newPage();
  const seen = async () => {
    await page.goto('/user/my-tickets');
    const area = page.locator('[data-remote="user"]');
    await expect(area.getByRole('heading', { name: /^Log in to book tickets/ })).toBeVisible();
    return {
      version: await area.getAttribute('data-version'),
      text: await area.getByRole('heading', { name: /^Log in to book tickets/ }).textContent(),
    };
  };
  return { context, page, seen };
}

test('a canary reaches only browsers under its percentage; promote and rollback move everyone', {
  tag: ['@user'],
}, async ({ browser }) => {
  test.setTimeout(120_000);
  const shellBefore = await fingerprint(path.join(ROOT, 'shell', 'dist'));
  const oldVersion = await userStable();
  const dist = await variantOfUserBuild((_, text) =>
    text.includes(LOGIN_PROMPT)
      ? text.replaceAll(LOGIN_PROMPT, `${LOGIN_PROMPT} (new version)`)
      : null,
  );
  const newVersion = await publishUser(dist);
  expect(newVersion).not.toBe(oldVersion);
  await release('canary', 'user', newVersion, '--percent', '50');

  const underId = anonymousIdWhere((bucket) => bucket < 50);
  const overId = anonymousIdWhere((bucket) => bucket >= 50);
  const under = await visitor(browser, underId);
  const over = await visitor(browser, overId);
  for (let visit = 0; visit < 2; visit++) {
    expect(await under.seen()).toEqual({
      version: newVersion,
      text: `${LOGIN_PROMPT} (new version)`,
    });
    expect(await over.seen()).toEqual({ version: oldVersion, text: LOGIN_PROMPT });
  }

  await release('promote', 'user');
  for (const id of [underId, overId]) {
    const fresh = await visitor(browser, id);
    expect((await fresh.seen()).version).toBe(newVersion);
    await fresh.context.close();
  }

  await release('rollback', 'user');
  for (const id of [underId, overId]) {
    const fresh = await visitor(browser, id);
    expect(await fresh.seen()).toEqual({ version: oldVersion, text: LOGIN_PROMPT });
    await fresh.context.close();
  }

  await under.context.close();
  await over.context.close();
  await rm(dist, { recursive: true, force: true });
  expect(await fingerprint(path.join(ROOT, 'shell', 'dist'))).toEqual(shellBefore);
});

test('a canary that is missing or throws falls back to stable and its failures are recorded', {
  tag: ['@user'],
}, async ({ browser }) => {
  test.setTimeout(120_000);
  const stable = await userStable();
  const breakages = {
    // The entry file goes missing from the release store after it was put on canary.
    missing: async () => {
      const dist = await variantOfUserBuild((_, text) =>
        text.includes(LOGIN_PROMPT)
          ? text.replaceAll(LOGIN_PROMPT, `${LOGIN_PROMPT} (missing)`)
          : null,
      );
      const version = await publishUser(dist);
      await release('canary', 'user', version, '--percent', '100');
      await rm(path.join(e2eReleasesDir, 'mfe-user', version, 'remoteEntry.js'));
      return version;
    },
    // The screens' code throws as soon as it runs.
    throwing: async () => {
      const dist = await variantOfUserBuild((name, text) =>
        name.startsWith('__federation_expose_App')
          ? `throw new Error('This canary is broken');\n${text}`
          : null,
      );
      const version = await publishUser(dist);
      await release('canary', 'user', version, '--percent', '100');
      return version;
    },
  };

  for (const [kind, make] of Object.entries(breakages)) {
    const version = await make();
    const warnings: string[] = [];
    const { context, page, seen } = await visitor(
      browser,
      anonymousIdWhere(() => true),
    );
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    expect(await seen(), kind).toEqual({ version: stable, text: LOGIN_PROMPT });
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(warnings.some((text) => text.includes(`canary ${version} failed`))).toBe(true);

    await expect(async () => {
      const table = await release('status');
      const row = table.split('\n').find((line) => line.includes(version));
      // One browser: one reporter, and it failed.
      expect(row, table).toMatch(/ 1\/1 \(1\/1; 1 report\)/);
    }).toPass({ timeout: 10_000 });
    await context.close();
    await release('rollback', 'user');
  }
});

test('a canary failing in real browsers on five networks is rolled back on its own; one network failing again and again is not enough', {
  tag: ['@user'],
}, async ({ browser }) => {
  test.setTimeout(120_000);
  const stable = await userStable();
  const dist = await variantOfUserBuild((name, text) =>
    name.startsWith('__federation_expose_App')
      ? `throw new Error('This canary is broken everywhere');\n${text}`
      : null,
  );
  const version = await publishUser(dist);
  await release('canary', 'user', version, '--percent', '100');

  /** A new browser on the network of `address`: it falls back to stable and reports the failure. */
  const visit = async (address: string) => {
    const { context, page, seen } = await visitor(
      browser,
      anonymousIdWhere(() => true),
    );
    await onOwnNetwork(context, address);
    const reported = page.waitForResponse((response) =>
      response.url().includes('/api/releases/events/'),
    );
    expect(await seen()).toEqual({ version: stable, text: LOGIN_PROMPT });
    const response = await reported;
    const answer = { status: response.status(), body: await response.json() };
    await context.close();
    return answer;
  };

  // Five browsers on one network, each with its own ticket: still one reporter.
  for (let i = 0; i < 5; i++) {
    expect(await visit('127.0.0.20')).toEqual({
      status: 202,
      body: { recorded: true, rolled_back: false },
    });
  }
  expect((await userManifest()).canary?.version).toBe(version);
  expect(await userStatusRow()).toMatch(/ 100% .* 1\/1 \(1\/1; 5 reports\)/);

  // Four more networks: five reporters, all failed.
  const answers = [];
  for (const address of ['127.0.0.21', '127.0.0.22', '127.0.0.23', '127.0.0.24']) {
    answers.push(await visit(address));
  }
  expect(answers.map((answer) => answer.body.rolled_back)).toEqual([false, false, false, true]);
  expect((await userManifest()).canary).toBeNull();
  expect(await userStatusRow()).toContain(
    `Automatic rollback: 5 of 5 recent reporters of ${version} failed.`,
  );
  // Everyone is back on stable without anybody running a command.
  const fresh = await visitor(
    browser,
    anonymousIdWhere(() => true),
  );
  expect(await fresh.seen()).toEqual({ version: stable, text: LOGIN_PROMPT });
  await fresh.context.close();
  await rm(dist, { recursive: true, force: true });
});
