import { latestCode, logIn, newPerson, signUp } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { E2E_ADMIN, E2E_PORTS } from '../support/ports';

test('a new customer signs up through all three steps, logs in and lands on the theaters', {
  tag: ['@auth', '@user', '@owner', '@admin'],
}, async ({ page }) => {
  const person = newPerson('cust');
  await signUp(page, person, 'User');
  await logIn(page, person.email, person.password);
  await expect(page).toHaveURL('/user/theaters');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'My Tickets' })).toBeVisible();

  // The session survives a reload, and the profile shows the role.
  await page.reload();
  await nav.getByRole('link', { name: person.username }).click();
  await expect(page).toHaveURL('/auth/profile');
  await expect(page.getByText('Role: user')).toBeVisible();
  await expect(page.getByText(person.email)).toBeVisible();
});

test('a new owner lands on the owner theaters, logging in by username', {
  tag: ['@auth', '@user', '@owner', '@admin'],
}, async ({ page }) => {
  const person = newPerson('own');
  await signUp(page, person, 'Owner');
  await logIn(page, person.username, person.password);
  await expect(page).toHaveURL('/owner/theaters');
  await page.goto('/profile');
  await expect(page.getByText('Role: owner')).toBeVisible();
});

test('the admin created at start lands on the admin panel', {
  tag: ['@auth', '@user', '@owner', '@admin'],
}, async ({ page }) => {
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL('/admin/adminpanel');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText([
    'Admin Panel',
    'Users',
    'Owners',
    'Reports',
    'Logout',
    'admin',
  ]);
});

test('a wrong password is refused with the server message', {
  tag: ['@auth', '@user', '@owner', '@admin'],
}, async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Invalid credentials.')).toBeVisible();
  await expect(page).toHaveURL('/auth/login');
});

test('a forgotten password is reset by email code, and only the new one works', {
  tag: ['@auth', '@user', '@owner', '@admin'],
}, async ({ page, customerAccount: person }) => {
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL('/auth/otp/request');
  await page.getByLabel('Email').fill(person.email);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByText('OTP sent!')).toBeVisible();
  await expect(page).toHaveURL('/auth/otp/verify');

  await page.getByLabel('OTP').fill(await latestCode(person.email));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByText('OTP Verified')).toBeVisible();
  await expect(page).toHaveURL('/auth/password/reset');
  await expect(page.getByText(`${person.email} (Verified)`)).toBeVisible();

  // Another client that knows only the address cannot use the verification of this browser.
  const hijack = await fetch(`http://127.0.0.1:${E2E_PORTS.api}/api/password/reset/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: person.email, new_password: 'Hijacked#4821' }),
  });
  expect(hijack.status).toBe(400);
  expect((await hijack.json()).code).toBe('otp_not_verified');

  const newPassword = 'Matinee#7319';
  await page.getByLabel('New Password').fill(newPassword);
  await page.getByLabel('Confirm Password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password reset successful')).toBeVisible();

  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Invalid credentials.')).toBeVisible();

  await logIn(page, person.email, newPassword);
  await expect(page).toHaveURL('/user/theaters');
});

test('after logout the profile is no longer reachable', {
  tag: ['@auth', '@user', '@owner', '@admin'],
}, async ({ customerPage: page }) => {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Logout' })
    .click();
  await expect(page.getByText('Are you sure you want to logout?')).toBeVisible();
  const revoked = page.waitForResponse((r) => r.url().endsWith('/api/logout/'));
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logging you out...')).toBeVisible();
  expect((await revoked).status()).toBe(204);
  await expect(page.getByText('Logout successful!')).toBeVisible();
  await expect(page).toHaveURL('/auth/login');

  // To the login, which would come back to the profile afterwards.
  await page.goto('/auth/profile');
  await expect(page).toHaveURL(`/auth/login?next=${encodeURIComponent('/auth/profile')}`);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText([
    'Login',
    'Signup',
  ]);
});

test('an access token that expires mid-session is refreshed without the user noticing', {
  tag: ['@auth', '@user', '@owner', '@admin'],
}, async ({ pageAs, customerAccount: person }) => {
  const page = await pageAs(person, { setUp: (context) => context.clock.install() });

  // Sixteen minutes pass: the 15-minute access token has expired.
  await page.clock.fastForward('16:00');
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/token/refresh/'));
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: person.username })
    .click();
  expect((await refreshed).status()).toBe(200);
  await expect(page.getByText('Role: user')).toBeVisible();
  await expect(page).toHaveURL('/auth/profile');
});
