import type { Page } from '@playwright/test';
import { lastShowDay } from '../support/customer-lists';
import { expect, test } from '../support/fixtures';
import { openUpcomingShowAsOwner } from '../support/owner-shows';

// The live seat map (docs/decisions/0014-live-seat-map-on-postgresql.md): two customers and the
// owner look at one show; what one customer does reaches the others' maps within 2 s, without a
// reload.

const LIVE_MS = 2_000;

const seat = (page: Page, label: string, state: string) =>
  page.getByRole('button', { name: `Seat ${label}, ${state}`, exact: true });

async function openSeats(page: Page, showId: number) {
  await page.goto(`/user/seat-layout?show=${showId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Select Seats' })).toBeVisible();
  await expect(
    page.getByRole('button', { name: /^Seat [A-Z]\d+, available$/ }).first(),
  ).toBeVisible();
}

/** Labels of the last `count` seats free for both customers, e.g. ['N9', 'N10']. */
async function freeSeats(page: Page, count: number): Promise<string[]> {
  const names = await page
    .getByRole('button', { name: /^Seat [A-Z]\d+, available$/ })
    .evaluateAll((seats) => seats.map((button) => button.getAttribute('aria-label') ?? ''));
  expect(names.length).toBeGreaterThanOrEqual(count);
  // From the back rows, which other tests (taking the first free seats) leave alone.
  return names.slice(-count).map((name) => name.replace(/^Seat (\w+), .*$/, '$1'));
}

test('two customers and the owner see holds and bookings live, without a reload', {
  tag: ['@user', '@owner'],
}, async ({ customerPage: a, customerAccount, secondCustomerAccount, pageAs }) => {
  // Three browsers at once: under CI's load (two cores, three suites) 30 s was once too short.
  test.slow();
  const b = await pageAs(secondCustomerAccount);
  const owner = await pageAs('owner');
  const showId = await openUpcomingShowAsOwner(owner);
  await openSeats(a, showId);
  await openSeats(b, showId);
  const [taken, second, third] = await freeSeats(a, 3);
  const labels = [taken, second, third] as string[];

  // B picks one of the seats A is about to hold.
  await seat(b, taken as string, 'available').click();
  await expect(b.getByText(`Selected seats: ${taken}`)).toBeVisible();

  // A holds the three seats.
  await a.getByLabel('Number of Tickets').fill('3');
  for (const label of labels) await seat(a, label, 'available').click();
  await a.getByRole('button', { name: 'Proceed to Pay' }).click();
  await expect(a).toHaveURL(/\/user\/payment/);

  // B sees them held within 2 s; the one B had picked is no longer picked, and B is told.
  for (const label of labels) {
    await expect(seat(b, label, 'held by another customer')).toBeVisible({ timeout: LIVE_MS });
  }
  await expect(b.getByText(`Seat ${taken} was just taken by someone else.`)).toBeVisible();
  await expect(b.getByText('No seats selected.')).toBeVisible();
  await expect(
    owner.getByRole('button', { name: `Seat ${second}, held`, exact: true }),
  ).toBeVisible({ timeout: LIVE_MS });

  // A pays: B sees the seats booked, the owner sees who booked them, live.
  await a.getByRole('button', { name: 'Pay Now' }).click();
  await expect(a.getByText('Seats booked successfully!')).toBeVisible();
  for (const label of labels) {
    await expect(seat(b, label, 'booked')).toBeVisible({ timeout: LIVE_MS });
    await expect(
      owner.getByRole('button', {
        name: `Seat ${label}, booked by ${customerAccount.username}`,
        exact: true,
      }),
    ).toBeVisible({ timeout: LIVE_MS });
  }
  // B's status line says what changed, for screen readers (without moving the focus).
  await expect(b.getByRole('status').filter({ hasText: 'now booked' })).toHaveCount(1);
});

test('the seat map calls the API on the page’s own origin, its live stream included', {
  tag: ['@user', '@owner'],
}, async ({ pageAs }) => {
  // A call with a token to another origin waits for a CORS preflight first: a round trip each
  // on a phone (docs/decisions/0019-api-on-the-site-origin.md).
  const customer = await pageAs('customer');
  const site = new URL(customer.url()).origin;
  const calls: string[] = [];
  customer.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) calls.push(request.url());
  });
  const stream = customer.waitForResponse((response) =>
    /\/api\/shows\/\d+\/seats\/events\/$/.test(new URL(response.url()).pathname),
  );
  await customer.goto('/user/shows');
  await lastShowDay(customer);
  await customer.getByRole('button', { name: 'View Seats' }).last().click();
  await expect(
    customer.getByRole('button', { name: /^Seat [A-Z]\d+, available$/ }).first(),
  ).toBeVisible();
  const answer = await stream;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('text/event-stream');

  expect(calls.some((url) => /\/api\/shows\/\d+\/seats\/$/.test(url))).toBe(true);
  for (const url of calls) expect(new URL(url).origin).toBe(site);
});
