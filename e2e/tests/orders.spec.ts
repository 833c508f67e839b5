import type { Page } from '@playwright/test';
import { createAccount } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { ownShow } from '../support/onsale';
import { ordersIn, seatsOfOrders } from '../support/tickets';

// Money and orders: paying is single-flight, a paid or released order never looks payable, and a
// second tab of the same customer knows about the first tab's hold.

const seat = (page: Page, label: string, state: string) =>
  page.getByRole('button', { name: `Seat ${label}, ${state}` });

/** Waits for the seat map's free seats. */
async function seatsShown(page: Page) {
  await expect(
    page.getByRole('button', { name: /^Seat [A-Z]\d+, available$/ }).first(),
  ).toBeVisible();
}

/** Opens the seats of the first show on /user/shows; returns that page's URL. */
async function openFirstShowSeats(page: Page): Promise<string> {
  await page.goto('/user/shows');
  await page.getByRole('button', { name: 'View Seats' }).first().click();
  await expect(page).toHaveURL(/\/user\/seat-layout/);
  await seatsShown(page);
  return page.url();
}

/** Labels of the available seats on the map, in map order. */
async function availableSeats(page: Page): Promise<string[]> {
  const names = await page
    .getByRole('button', { name: /^Seat [A-Z]\d+, available$/ })
    .evaluateAll((seats) => seats.map((seat) => seat.getAttribute('aria-label') ?? ''));
  return names.map((name) => name.replace(/^Seat (\w+), .*$/, '$1'));
}

/** Picks one free seat (not one of `avoid`) and proceeds to pay; returns its label. */
async function holdOneSeat(page: Page, avoid: string[] = []): Promise<string> {
  await page.getByLabel('Number of Tickets').fill('1');
  // Another row than the seats to avoid: a seat beside one's own hold could leave it stranded
  // once the new hold replaces it, which the seat rules refuse (docs/decisions/0045).
  const rowOf = (seatLabel: string) => seatLabel.replace(/\d+$/, '');
  const rows = new Set(avoid.map(rowOf));
  const label = (await availableSeats(page)).find((candidate) => !rows.has(rowOf(candidate)));
  expect(label).toBeDefined();
  await seat(page, label as string, 'available').click();
  await page.getByRole('button', { name: 'Proceed to Pay' }).click();
  await expect(page).toHaveURL(/\/user\/payment\?hold=\d+/);
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
  return label as string;
}

/** The wallet balances the customer app keeps in localStorage. */
async function walletBalances(page: Page): Promise<number[]> {
  return await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('cinema-user-wallet') ?? '{}');
    return Object.values(stored?.state?.balances ?? {}) as number[];
  });
}

test("double-clicking 'Pay Now' charges once, toasts once and navigates once", {
  tag: ['@user'],
}, async ({ customerPage: page }) => {
  await openFirstShowSeats(page);
  await holdOneSeat(page);
  const confirms: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/holds\/\d+\/confirm\/?$/.test(request.url()))
      confirms.push(request.url());
  });
  const historyBefore = await page.evaluate(() => history.length);

  await page.getByRole('button', { name: 'Pay Now' }).dblclick();

  await expect(page).toHaveURL(/\/user\/my-tickets/);
  await expect(ordersIn(page, 'Upcoming')).toHaveCount(1);
  await expect(seatsOfOrders(page)).toHaveCount(1);
  // Time for a second charge or toast to show up, if there were one.
  await page.waitForTimeout(1000);
  await expect(page.getByText('Payment Successful!')).toHaveCount(1);
  await expect(page.getByText('Seats booked successfully!')).toHaveCount(1);
  expect(await walletBalances(page)).toEqual([99_900]);
  expect(confirms).toHaveLength(1);
  expect(await page.evaluate(() => history.length)).toBeLessThanOrEqual(historyBefore + 1);
});

test('after paying, Back and reopening the order show it paid, never payable', {
  tag: ['@user'],
}, async ({ customerPage: page }) => {
  await openFirstShowSeats(page);
  await holdOneSeat(page);
  const paymentUrl = page.url();
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(/\/user\/my-tickets/);

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
  await expect(page.getByRole('timer')).toHaveCount(0);

  await page.goto(paymentUrl);
  await expect(page.getByText('This order is paid.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
  await expect(page.getByRole('timer')).toHaveCount(0);
  await page.getByRole('link', { name: 'View My Tickets' }).click();
  await expect(page).toHaveURL(/\/user\/my-tickets/);
});

test('a released order, reloaded or reopened, says so and offers to pick seats again', {
  tag: ['@user'],
}, async ({ customerPage: page }) => {
  const showUrl = await openFirstShowSeats(page);
  await holdOneSeat(page);
  const paymentUrl = page.url();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/user\/seat-layout/);

  await page.goto(paymentUrl);
  await expect(page.getByText(/no longer held for you/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Select Seats Again' }).click();
  await expect(page).toHaveURL(new URL(showUrl).pathname + new URL(showUrl).search);
});

test("a second tab knows the first tab's hold: it can continue it, and replacing it tells the first tab at once", {
  tag: ['@user'],
}, async ({ customerPage: first }) => {
  // A show of its own (2 rows of 5, nothing sold): the first show of the list is whatever other
  // tests left, where a seat in another row than the first hold may not be free.
  const show = await ownShow(await createAccount('owner', 'tabs'));
  const showUrl = `/user/seat-layout?show=${show.id}`;
  await first.goto(showUrl);
  await seatsShown(first);
  const held = await holdOneSeat(first);
  const holdId = new URL(first.url()).searchParams.get('hold');

  const second = await first.context().newPage();
  await second.goto(showUrl);
  const notice = second.getByRole('region', { name: 'Seats waiting for payment' });
  await expect(notice).toContainText(held);
  await notice.getByRole('link', { name: 'Continue to Payment' }).click();
  await expect(second).toHaveURL(new RegExp(`/user/payment\\?hold=${holdId}$`));
  await expect(second.getByRole('list', { name: 'Selected seats' })).toContainText(held);

  // Picking other seats in the second tab replaces the hold; the first tab learns it unasked.
  await second.goto(showUrl);
  await expect(second.getByRole('region', { name: 'Seats waiting for payment' })).toBeVisible();
  await seatsShown(second);
  await holdOneSeat(second, [held]);
  await expect(first.getByText(/no longer held for you/)).toBeVisible({ timeout: 3000 });
  await expect(first.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
});

test('a refused call shows its error at once, without retries', { tag: ['@user'] }, async ({
  customerPage: page,
}) => {
  const reads: number[] = [];
  page.on('response', (response) => {
    if (/\/api\/holds\/999999\/?$/.test(response.url())) reads.push(Date.now());
  });

  await page.goto('/user/payment?hold=999999');
  await expect(page.getByText('These seats are not held for you any more.')).toBeVisible();
  const shownAt = Date.now();
  expect(reads).toHaveLength(1);
  expect(shownAt - (reads[0] as number)).toBeLessThan(1000);
  // A 4xx answers the same the next time: nothing is asked again behind the screen.
  await page.waitForTimeout(3500);
  expect(reads).toHaveLength(1);
});
