import { createAccount, logIn, newPerson, settleSignIn, signUp } from '../support/accounts';
import { fetchApi } from '../support/api';
import { accessOf, buyTickets, scan, showStartingSoon, verdictOf } from '../support/door';
import { expect, test } from '../support/fixtures';
import { axeProblems } from '../support/onsale';
import { E2E_PORTS } from '../support/ports';

// Door staff (docs/decisions/0040-door-staff.md): an owner invites a steward by email; the
// steward signs up through the usual OTP signup, lands on Check-in, scans the owner's tickets
// (seeing the seat, never the booker), is refused every other owner page and every other call,
// and is removed by the owner, which ends their session at once.

/** The invitation emailed to `email` (the fake Resend server keeps every message). */
async function invitationTo(email: string): Promise<{ subject: string; text: string }> {
  let found: { subject: string; text: string } | undefined;
  await expect(async () => {
    const response = await fetch(
      `http://127.0.0.1:${E2E_PORTS.resend}/emails?to=${encodeURIComponent(email)}`,
    );
    const emails = (await response.json()) as { subject: string; text?: string }[];
    const invitation = emails.find((mail) => mail.subject.includes('invited you to scan tickets'));
    expect(invitation, `an invitation emailed to ${email}`).toBeDefined();
    found = { subject: invitation?.subject ?? '', text: invitation?.text ?? '' };
  }).toPass({ timeout: 10_000 });
  return found as { subject: string; text: string };
}

const OWNER_PAGES = [
  '/owner/dashboard',
  '/owner/theaters',
  '/owner/movies',
  '/owner/shows',
  '/owner/add-theater',
  '/owner/add-movie',
  '/owner/add-show',
  '/owner/bookings',
  '/owner/seatlayout',
  '/owner/door-staff',
];

test('an owner invites door staff, who signs up, scans at the door only, and is removed', {
  tag: ['@auth', '@owner', '@admin'],
}, async ({ pageAs, browser }) => {
  test.setTimeout(120_000);
  const owner = await createAccount('owner', 'boss');
  const customer = await createAccount('user', 'fan');
  const show = await showStartingSoon(owner);
  const tickets = await buyTickets(customer, show, ['A1', 'A2']);
  const steward = newPerson('gate');

  // The owner invites the steward from the Door staff page.
  const ownerPage = await pageAs(owner, { toastGone: true });
  await ownerPage
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Door staff' })
    .click();
  await expect(ownerPage).toHaveURL('/owner/door-staff');
  await expect(ownerPage.getByRole('heading', { level: 1, name: 'Door staff' })).toBeVisible();
  await ownerPage.getByLabel('Email').fill(steward.email);
  await ownerPage.getByRole('button', { name: 'Send invitation' }).click();
  await expect(ownerPage.getByText(`Invitation sent to ${steward.email}.`)).toBeVisible();
  const row = ownerPage.getByRole('row').filter({ hasText: steward.email });
  await expect(row).toContainText('Invited');
  expect(await axeProblems(ownerPage)).toEqual([]);
  // An address that already has an account is not invited: a new account is needed.
  await ownerPage.getByLabel('Email').fill(customer.email);
  await ownerPage.getByRole('button', { name: 'Send invitation' }).click();
  await expect(ownerPage.getByText(/already has a CineBook account/)).toBeVisible();
  await expect(ownerPage.getByRole('row').filter({ hasText: customer.email })).toHaveCount(0);

  const invitation = await invitationTo(steward.email);
  expect(invitation.subject).toBe(`${owner.username} invited you to scan tickets on CineBook`);
  expect(invitation.text).toContain('/auth/signup');

  // The steward signs up with the OTP like anyone (the role picked is not theirs to choose).
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const door = await context.newPage();
  try {
    await signUp(door, steward, 'Owner');
    await logIn(door, steward.email, steward.password);
    await settleSignIn(door, '/owner/checkin');
    await expect(door.getByRole('heading', { level: 1, name: 'Check-in' })).toBeVisible();
    // The phone's menu holds one link of the owner's: Check-in.
    await door.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    const nav = door.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Check-in' })).toBeVisible();
    for (const name of ['Theaters', 'Movies', 'Shows', 'Bookings', 'Door staff'])
      await expect(nav.getByRole('link', { name })).toHaveCount(0);
    await door.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'Check-in' })).toBeHidden();

    // Scans: the seat, never the booker's name.
    await expect(door.getByLabel('Show')).toHaveValue(String(show.id));
    const a1 = tickets.get('A1');
    if (!a1?.pass) throw new Error('No pass for A1');
    await scan(door, a1.pass);
    await expect(verdictOf(door)).toContainText('Admitted: seat A1');
    await expect(verdictOf(door)).not.toContainText(customer.username);
    expect(await axeProblems(door)).toEqual([]);

    // Every other owner page is refused, and so is every call but the door's.
    for (const path of OWNER_PAGES) {
      await door.goto(path);
      await expect(
        door.getByRole('heading', { level: 1, name: 'This area is for theater owners' }),
        path,
      ).toBeVisible();
    }
    await door.goto('/admin/adminpanel');
    await expect(
      door.getByRole('heading', { level: 1, name: /^This area is for admins/ }),
    ).toBeVisible();
    const access = await accessOf(steward);
    const a2 = tickets.get('A2');
    for (const [method, path, body] of [
      ['GET', 'door-staff/', undefined],
      ['POST', 'door-staff/', { email: `x${steward.email}` }],
      ['POST', 'theaters/', { name: 'Mine', location: 'Pune', rows: 2, seats_per_row: 2 }],
      ['GET', 'bookings/owner/', undefined],
      ['GET', 'bookings/admin/', undefined],
      ['PATCH', `bookings/${a2?.id}/cancel/`, {}],
      ['GET', 'my-tickets/', undefined],
      ['GET', 'holds/', undefined],
      ['GET', 'reports/', undefined],
      ['GET', 'tickets/signing-keys/', undefined],
      ['POST', 'tickets/signing-keys/rotate/', { retire: null }],
      ['PATCH', `onsale/${show.id}/`, { high_demand: true }],
      ['GET', 'admin/audit/', undefined],
    ] as const) {
      const response = await fetchApi(method, path, body, access);
      expect(response.status, `${method} ${path} as door staff`).toBe(403);
    }
    const allowed = await fetchApi('GET', 'tickets/check-in/shows/', undefined, access);
    expect(allowed.status).toBe(200);
    expect(((await allowed.json()) as { id: number }[]).map((s) => s.id)).toContain(show.id);

    // The owner sees the steward active, and removes them.
    await ownerPage.reload();
    await expect(row).toContainText('Active');
    await expect(row).toContainText(steward.username);
    await row.getByRole('button', { name: `Remove ${steward.email}` }).click();
    const confirm = ownerPage.getByRole('dialog', { name: `Remove ${steward.email}?` });
    await expect(confirm).toContainText('They are signed out at once');
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(row).toHaveCount(0);

    // Their session ends at once: the door's next call sends them to the login page.
    await door.goto(`/owner/checkin?show=${show.id}`);
    await expect(door).toHaveURL(/\/auth\/login/, { timeout: 15_000 });
    const refused = await fetchApi('GET', 'tickets/check-in/shows/', undefined, access);
    expect([401, 403]).toContain(refused.status);
    const login = await fetchApi('POST', 'login/', {
      email_or_username: steward.email,
      password: steward.password,
    });
    expect([401, 403]).toContain(login.status);
  } finally {
    await context.close();
  }
});
