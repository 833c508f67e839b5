import type { Page } from '@playwright/test';
import type { NewAccount } from '../support/accounts';
import { lastShowDay } from '../support/customer-lists';
import { expect, test } from '../support/fixtures';
import { E2E_PORTS } from '../support/ports';

// The signed-in fixtures clean up after themselves: what a test's page left on the server (a
// hold on seats, a live session) is gone once the test is over. The second test looks at what
// the first one left, so the two run in order.
test.describe.configure({ mode: 'serial' });

const api = (path: string) => `http://127.0.0.1:${E2E_PORTS.api}/api/${path}`;
const bearer = (access: string) => ({ headers: { Authorization: `Bearer ${access}` } });

/** The access token the page's session keeps in localStorage. */
const accessOf = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('cinema-auth') ?? '{}').state?.access);

let left: { account: NewAccount; access: string; holdId: number } | undefined;

test('a signed-in customer page holds seats like any customer', { tag: ['@user'] }, async ({
  customerAccount,
  customerPage: page,
}) => {
  await page.goto('/user/shows');
  await lastShowDay(page);
  await page.getByRole('button', { name: 'View Seats' }).last().click();
  await page.getByLabel('Number of Tickets').fill('1');
  await page
    .getByRole('button', { name: /^Seat [A-Z]\d+, available$/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Proceed to Pay' }).click();
  await expect(page).toHaveURL(/\/user\/payment\?hold=\d+$/);
  const holdId = Number(new URL(page.url()).searchParams.get('hold'));
  const access = await accessOf(page);

  const holds = await (await fetch(api('holds/'), bearer(access))).json();
  expect(holds.map((hold: { id: number }) => hold.id)).toEqual([holdId]);
  left = { account: customerAccount, access, holdId };
});

test('after the test its hold is released and its session is ended', {
  tag: ['@user'],
}, async () => {
  expect(left, 'the first test ran').toBeDefined();
  const { account, access, holdId } = left as NonNullable<typeof left>;

  // The page's session is over: its access token is refused at once.
  expect((await fetch(api('profile/'), bearer(access))).status).toBe(401);

  // Signed in anew, the customer has no hold in force, and the one left is released.
  const login = await fetch(api('login/'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email_or_username: account.email, password: account.password }),
  });
  expect(login.status).toBe(200);
  const fresh = (await login.json()).access as string;
  expect(await (await fetch(api('holds/'), bearer(fresh))).json()).toEqual([]);
  const hold = await (await fetch(api(`holds/${holdId}/`), bearer(fresh))).json();
  expect(hold.status).toBe('released');
});
