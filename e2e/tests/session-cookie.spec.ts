// No script on the site's origin can carry the session away
// (docs/decisions/0028-refresh-token-in-an-httponly-cookie.md): the API reference page, served on
// that origin through the shell, runs only code the product serves itself, and the refresh token
// lives in an HttpOnly cookie that neither storage nor document.cookie shows.
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { E2E_PORTS } from '../support/ports';

const SHELL = `http://localhost:${E2E_PORTS.shell}`;

/** The refresh cookie as the browser holds it (Playwright sees HttpOnly cookies; scripts do not). */
async function refreshCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === 'cinebook_refresh');
}

/** Everything a script on `page` can read of the session: both storages and document.cookie. */
function readableByScript(page: Page): Promise<string> {
  return page.evaluate(() => {
    const dump = (storage: Storage) =>
      Object.keys(storage)
        .map((key) => `${key}=${storage.getItem(key)}`)
        .join('\n');
    return [dump(localStorage), dump(sessionStorage), document.cookie].join('\n');
  });
}

test('the API reference on the site’s origin loads nothing from another origin, and no script there can read the refresh token', {
  tag: ['@auth'],
}, async ({ pageAs }) => {
  // The reference's bundle is 4.3 MB of script to parse: 6 s on a quiet machine, over 30 s once
  // seen on a loaded CI run.
  test.setTimeout(90_000);
  const requests: string[] = [];
  const violations: string[] = [];
  const page = await pageAs('customer', {
    setUp: async (context) => {
      context.on('request', (request) => requests.push(request.url()));
      context.on('console', (message) => {
        if (/Content Security Policy|Refused to/i.test(message.text()))
          violations.push(message.text());
      });
    },
  });
  const cookie = await refreshCookie(page.context());
  expect(cookie, 'login set the refresh cookie').toBeTruthy();
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/token/refresh' });
  const refresh = cookie?.value ?? '';
  expect(refresh.length).toBeGreaterThan(20);

  // The signed-in page may still be fetching the next area ahead (the shell's look-ahead, once
  // idle): leave it for a blank page first, so what is counted below is the reference's alone.
  await page.goto('about:blank');
  requests.length = 0;
  await page.goto('/api/docs');
  // The reference renders the API's own document, with its operations.
  await expect(
    page.getByRole('heading', { name: 'CineBook API', exact: false }).first(),
  ).toBeVisible({
    timeout: 30_000,
  });
  const sidebar = page.getByRole('complementary', { name: 'Sidebar for CineBook API' });
  await expect(sidebar.getByRole('link', { name: 'accounts', exact: true })).toBeVisible();
  // Every request of the page's loading has been made once it has loaded and drawn the document
  // (a network-idle wait never came on a loaded CI: the 4.3 MB reference kept it busy past 90 s).
  await page.waitForLoadState('load');

  const foreign = requests.filter(
    (url) => !url.startsWith(`${SHELL}/`) && !url.startsWith('data:'),
  );
  expect(foreign, 'requests to any origin but the page’s own').toEqual([]);
  expect(requests.some((url) => /\/api\/docs\/scalar\.[0-9a-f]+\.js$/.test(url))).toBe(true);
  expect(violations).toEqual([]);

  // What an injected script on this page could take: no refresh token anywhere.
  const visible = await readableByScript(page);
  expect(visible).toContain('cinema-auth');
  expect(visible).not.toContain(refresh);

  // Calling token/refresh from here gives an access token (short-lived), never the session.
  const answer = await page.evaluate(async () => {
    const res = await fetch('/api/token/refresh/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
      credentials: 'include',
    });
    return { status: res.status, keys: Object.keys(await res.json()) };
  });
  expect(answer).toEqual({ status: 200, keys: ['access'] });
  const rotated = (await refreshCookie(page.context()))?.value ?? '';
  expect(rotated).not.toBe(refresh);
  expect(await readableByScript(page)).not.toContain(rotated);
});

test('the session refreshes through its cookie, and logout ends it and clears the cookie', {
  tag: ['@auth'],
}, async ({ pageAs }) => {
  const page = await pageAs('customer');
  const before = (await refreshCookie(page.context()))?.value;
  expect(before).toBeTruthy();

  // The spec's refresh screen, with the token out of the app's reach.
  await page.goto('/auth/token/refresh');
  await expect(page.getByText('Access Token Refreshed')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/profile$/);
  const after = (await refreshCookie(page.context()))?.value;
  expect(after).toBeTruthy();
  expect(after).not.toBe(before);
  expect(await readableByScript(page)).not.toContain(after as string);

  await page.goto('/auth/logout');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logout successful!')).toBeVisible();
  await expect.poll(() => refreshCookie(page.context())).toBeUndefined();
  // The token the cookie held is dead on the server too.
  const res = await page.request.post(`${SHELL}/api/token/refresh/`, {
    data: { refresh: after },
  });
  expect(res.status()).toBe(401);
});
