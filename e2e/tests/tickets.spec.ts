import { buyTickets, showStartingSoon, soonSlot } from '../support/door';
import { expect, test } from '../support/fixtures';
import { axeProblems, ownShow, sidewaysOverflow } from '../support/onsale';
import { E2E_PORTS } from '../support/ports';
import { orderOf, ordersIn, seatsOfOrders } from '../support/tickets';

// Tickets that work at the door
// (docs/decisions/0015-ticket-codes-and-calendar-files-from-the-api.md): a customer pays and gets a
// QR code (on My Tickets and by email); the owner, on a phone, types the code on Check-in and the
// ticket is admitted once.

// A show ends on the day it starts: late in the evening the show these tests book starts earlier
// or after midnight (the door tests failed in CI between 22:50 and 23:59 in the API's time zone).
test('a show starting soon fits its day at any hour, late in the evening too', {
  tag: ['@user', '@owner'],
}, () => {
  // [now in UTC, its show's start and end in Kolkata (UTC+5:30), when its check-in opens in UTC]
  const cases: [string, string, string, string | null][] = [
    ['2026-11-27T12:00:00Z', '2026-11-27 17:40', '2026-11-27 18:40', null], // 17:30 local
    ['2026-11-27T17:15:00Z', '2026-11-27 22:55', '2026-11-27 23:55', null], // 22:45
    ['2026-11-27T17:25:00Z', '2026-11-27 22:59', '2026-11-27 23:59', null], // 22:55
    ['2026-11-27T17:28:30Z', '2026-11-28 00:00', '2026-11-28 01:00', '2026-11-27T17:30:00.000Z'],
    ['2026-11-27T18:15:00Z', '2026-11-28 00:00', '2026-11-28 01:00', null], // 23:45
  ];
  for (const [now, start, end, waitUntil] of cases) {
    const slot = soonSlot(new Date(now));
    const found = {
      start: `${slot.start.date} ${slot.start.time}`,
      end: `${slot.end.date} ${slot.end.time}`,
      waitUntil: slot.waitUntil?.toISOString() ?? null,
    };
    expect(found, `at ${now}`).toEqual({ start, end, waitUntil });
  }
});

test('a customer pays and sees the QR code; the owner types the code at the door: admitted once', {
  tag: ['@user', '@owner'],
}, async ({ pageAs, customerAccount, ownerAccount }) => {
  const show = await showStartingSoon(ownerAccount);

  // The customer books seat A1 of that show and pays.
  const customer = await pageAs(customerAccount);
  await customer.goto(`/user/seat-layout?show=${show.id}`);
  await customer.getByLabel('Number of Tickets').fill('1');
  await customer.getByRole('button', { name: 'Seat A1, available' }).click();
  await customer.getByRole('button', { name: 'Proceed to Pay' }).click();
  await customer.getByRole('button', { name: 'Pay Now' }).click();
  await expect(customer).toHaveURL(/\/user\/my-tickets/);

  const card = orderOf(customer, show.movie);
  await expect(card).toContainText('Just booked');
  const qr = card.getByRole('img', { name: 'QR code of your ticket for seat A1' });
  await expect(qr).toBeVisible();
  const code = (await card.locator('code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  await expect(card.getByRole('button', { name: 'Add to calendar' })).toBeVisible();

  // The same code came by email, with its QR code inline and the calendar file attached.
  await expect(async () => {
    const response = await fetch(
      `http://127.0.0.1:${E2E_PORTS.resend}/emails?to=${encodeURIComponent(customerAccount.email)}`,
    );
    const emails = (await response.json()) as {
      subject: string;
      text: string;
      attachments?: { filename: string; content_id?: string }[];
    }[];
    const confirmation = emails.find((email) => email.subject.startsWith('Your tickets:'));
    expect(confirmation?.text).toContain(`Seat A1: ${code}`);
    expect(confirmation?.attachments?.map((a) => a.filename)).toEqual(
      expect.arrayContaining(['ticket-A1.png', expect.stringMatching(/\.ics$/)]),
    );
  }).toPass({ timeout: 10_000 });

  // The owner at the door: on a laptop the button is level with the code's field.
  const owner = await pageAs(ownerAccount);
  await owner.goto('/owner/checkin');
  const field = await owner.getByLabel('Ticket code').boundingBox();
  const button = await owner.getByRole('button', { name: 'Check in' }).boundingBox();
  expect(Math.abs((field?.y ?? 0) - (button?.y ?? 99))).toBeLessThanOrEqual(1);
  // Then on a phone.
  await owner.setViewportSize({ width: 360, height: 740 });
  await owner.goto('/owner/checkin');
  await expect(owner.getByRole('heading', { level: 1, name: 'Check-in' })).toBeVisible();
  await expect(owner.getByLabel('Show')).toHaveValue(String(show.id));
  await expect(owner.getByText('Admitted 0 / 1 sold')).toBeVisible();

  await owner.getByLabel('Ticket code').fill(code);
  await owner.getByRole('button', { name: 'Check in' }).click();
  const verdict = owner.getByRole('status').filter({ hasText: /admitted/i });
  await expect(verdict).toContainText(`Admitted: seat A1 · ${customerAccount.username}`);
  await expect(owner.getByText('Admitted 1 / 1 sold')).toBeVisible();
  // Nothing of the screen is cut off or scrolls sideways at 360 px.
  expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await owner.getByLabel('Ticket code').fill(code);
  await owner.getByRole('button', { name: 'Check in' }).click();
  await expect(verdict).toContainText(`Not admitted: seat A1 · ${customerAccount.username}`);
  await expect(verdict).toContainText(/already checked in at \d\d:\d\d/i);
  await expect(owner.getByText('Admitted 1 / 1 sold')).toBeVisible();

  // The customer sees the ticket used: checked in, no longer cancellable.
  await customer.reload();
  await expect(card).toContainText('Checked in');
  await expect(card.getByRole('button', { name: 'Cancel Ticket' })).toHaveCount(0);
});

test('My Tickets on a phone: one card per order, the soonest show first, the order just paid marked', {
  tag: ['@user'],
}, async ({ pageAs, customerAccount, ownerAccount }) => {
  // Booked first: a seat of a show in ten minutes (an order of its own, through the API).
  const soon = await showStartingSoon(ownerAccount);
  await buyTickets(customerAccount, soon, ['B5']);
  // Then two seats of a show in two days, paid together on the phone.
  const later = await ownShow(ownerAccount);
  const page = await pageAs(customerAccount);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/user/seat-layout?show=${later.id}`);
  await page.getByLabel('Number of Tickets').fill('2');
  await page.getByRole('button', { name: 'Seat A1, available' }).click();
  await page.getByRole('button', { name: 'Seat A2, available' }).click();
  await page.getByRole('button', { name: 'Proceed to Pay' }).click();
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(/\/user\/my-tickets\?order=\d+$/);

  // The soonest first, though it was bought first and the API lists the furthest first.
  const upcoming = ordersIn(page, 'Upcoming');
  await expect(upcoming).toHaveCount(2);
  await expect(upcoming.nth(0).getByRole('heading', { level: 2 })).toHaveText(soon.movie);
  await expect(upcoming.nth(1).getByRole('heading', { level: 2 })).toHaveText(later.movie);
  const paid = orderOf(page, later.movie);
  await expect(paid).toContainText('Just booked');
  await expect(orderOf(page, soon.movie)).not.toContainText('Just booked');
  // One card for the two seats: both seats, the total, a QR code each, one calendar entry.
  await expect(paid).toContainText('SeatsA1, A2');
  await expect(paid).toContainText('Total₹200');
  await expect(
    paid.getByRole('img', { name: /^QR code of your ticket for seat A[12]$/ }),
  ).toHaveCount(2);
  await expect(paid.getByRole('button', { name: 'Cancel Ticket' })).toHaveCount(2);
  await expect(paid.getByRole('button', { name: 'Add to calendar' })).toHaveCount(1);
  // The paid order is in view, and nothing scrolls sideways at 360 px.
  await expect(paid.getByText('Just booked')).toBeInViewport();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  expect(await axeProblems(page)).toEqual([]);

  // A cancelled seat stays in its order, marked; the order costs what is left.
  await paid.getByRole('button', { name: 'Cancel Ticket' }).first().click();
  await page.getByRole('button', { name: 'Confirm Cancel' }).click();
  await expect(page).toHaveURL(/\/user\/my-tickets$/);
  await expect(orderOf(page, later.movie)).toContainText('Total₹100');
  await expect(seatsOfOrders(page).filter({ hasText: 'Cancelled' })).toHaveCount(1);
  await expect(ordersIn(page, 'Upcoming')).toHaveCount(2);
});
