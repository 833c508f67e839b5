import { showStartingSoon } from '../support/door';
import { expect, test } from '../support/fixtures';
import { E2E_PORTS } from '../support/ports';

// Tickets that work at the door
// (docs/decisions/0015-ticket-codes-and-calendar-files-from-the-api.md): a customer pays and gets a
// QR code (on My Tickets and by email); the owner, on a phone, types the code on Check-in and the
// ticket is admitted once.

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

  const card = customer
    .getByRole('list', { name: 'My tickets' })
    .getByRole('listitem')
    .filter({ hasText: show.movie });
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

  // The owner, on a phone, at the door.
  const owner = await pageAs(ownerAccount);
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
