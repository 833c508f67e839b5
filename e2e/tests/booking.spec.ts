import type { Page } from '@playwright/test';
import { createAccount } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { ordersIn, seatsOfOrders } from '../support/tickets';

/** Walks theaters -> movies -> shows -> seats for the first show of the first theater. */
async function openFirstShowSeats(page: Page) {
  await page.goto('/user/theaters');
  await page.getByRole('button', { name: 'View Running Movies' }).first().click();
  await expect(page).toHaveURL(/\/user\/movies/);
  await page.getByRole('button', { name: 'View Shows' }).first().click();
  await expect(page).toHaveURL(/\/user\/shows/);
  await page.getByRole('button', { name: 'View Seats' }).first().click();
  await expect(page).toHaveURL(/\/user\/seat-layout/);
  await expect(
    page.getByRole('button', { name: /^Seat [A-Z]\d+, available$/ }).first(),
  ).toBeVisible();
}

/** Labels of the first `count` available seats, e.g. ['A1', 'A2']. */
async function availableSeats(page: Page, count: number): Promise<string[]> {
  const names = await page
    .getByRole('button', { name: /^Seat [A-Z]\d+, available$/ })
    .evaluateAll((seats) => seats.map((seat) => seat.getAttribute('aria-label') ?? ''));
  expect(names.length).toBeGreaterThanOrEqual(count);
  return names.slice(0, count).map((name) => name.replace(/^Seat (\w+), .*$/, '$1'));
}

const seat = (page: Page, label: string, state: string) =>
  page.getByRole('button', { name: `Seat ${label}, ${state}` });

test('a customer books three seats, sees them as tickets, cancels one and the seat is free again', {
  tag: ['@user'],
}, async ({ customerPage: page }) => {
  await openFirstShowSeats(page);
  const showUrl = page.url();

  await page.getByLabel('Number of Tickets').fill('3');
  const labels = await availableSeats(page, 3);
  for (const label of labels) await seat(page, label, 'available').click();
  for (const label of labels) await expect(seat(page, label, 'selected')).toBeVisible();
  await expect(page.getByText('₹300')).toBeVisible();

  await page.getByRole('button', { name: 'Proceed to Pay' }).click();
  await expect(page).toHaveURL(/\/user\/payment/);
  for (const label of labels) await expect(page.getByText(label, { exact: true })).toBeVisible();
  await expect(page.getByText(/\d+:\d\d/).first()).toBeVisible();

  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page.getByText('Payment Successful!')).toBeVisible();
  await expect(page.getByText('Seats booked successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/user\/my-tickets/);
  // One order of three seats, each with its status and its own cancel.
  await expect(ordersIn(page, 'Upcoming')).toHaveCount(1);
  const tickets = seatsOfOrders(page);
  await expect(tickets.filter({ hasText: 'Confirmed' })).toHaveCount(3);

  await page.getByRole('button', { name: 'Cancel Ticket' }).first().click();
  await expect(page).toHaveURL(/\/user\/cancel/);
  await page.getByRole('button', { name: 'Confirm Cancel' }).click();
  await expect(page.getByText('Ticket cancelled successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/user\/my-tickets/);
  await expect(tickets.filter({ hasText: 'Cancelled' })).toHaveCount(1);
  await expect(tickets.filter({ hasText: 'Confirmed' })).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Cancel Ticket' })).toHaveCount(2);

  // Back on the map: two seats are my tickets, the cancelled one is available to anyone.
  await page.goto(showUrl);
  await expect(page.getByRole('button', { name: /, my ticket$/ })).toHaveCount(2);
  const free = [];
  for (const label of labels)
    if ((await seat(page, label, 'available').count()) === 1) free.push(label);
  expect(free).toHaveLength(1);
});

test("a second customer sees the first one's held seats as unavailable", {
  tag: ['@user'],
}, async ({ customerPage: first, pageAs }) => {
  const second = await pageAs(await createAccount('user', 'cust'));
  await openFirstShowSeats(first);
  await first.getByLabel('Number of Tickets').fill('2');
  const labels = await availableSeats(first, 2);
  for (const label of labels) await seat(first, label, 'available').click();
  await first.getByRole('button', { name: 'Proceed to Pay' }).click();
  await expect(first).toHaveURL(/\/user\/payment/);

  await second.goto(first.url().replace(/\/user\/payment.*/, '/user/shows'));
  await openFirstShowSeats(second);
  for (const label of labels) {
    await expect(seat(second, label, 'held by another customer')).toBeVisible();
    await expect(seat(second, label, 'held by another customer')).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  }

  // Back on the payment page releases the hold; the seats come free for the second customer.
  await first.getByRole('button', { name: 'Back' }).click();
  await expect(first).toHaveURL(/\/user\/seat-layout/);
  await second.reload();
  for (const label of labels) await expect(seat(second, label, 'available')).toBeVisible();
});

test('the ticket count and the exact seat count are checked as specified', {
  tag: ['@user'],
}, async ({ customerPage: page }) => {
  await openFirstShowSeats(page);

  const count = page.getByLabel('Number of Tickets');
  await count.fill('11');
  await expect(page.getByText('Please select between 1 and 10 tickets')).toBeVisible();
  const [first] = await availableSeats(page, 1);
  await seat(page, first as string, 'available').click();
  await expect(seat(page, first as string, 'selected')).toHaveCount(0);

  await count.fill('2');
  await expect(page.getByText('Please select between 1 and 10 tickets')).toHaveCount(0);
  await seat(page, first as string, 'available').click();
  await page.getByRole('button', { name: 'Proceed to Pay' }).click();
  await expect(page.getByText('Please select exactly 2 seats.')).toBeVisible();
  await expect(page).toHaveURL(/\/user\/seat-layout/);
});
