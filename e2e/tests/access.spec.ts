import { expect, type Page, test } from '@playwright/test';
import { logIn } from '../support/accounts';
import { ACCOUNTS } from '../support/routes';

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const main = (page: Page) => page.getByRole('main');

/** What the area's one login prompt must be: no error box, no server text, no Retry. */
async function expectOneLoginPrompt(page: Page, title: string) {
  await expect(h1(page)).toHaveText(title);
  await expect(page).toHaveTitle(`${title} · CineBook`);
  await expect(page.getByText('Please log in to continue.')).toHaveCount(1);
  // One Login in the page (the header has its own, as on every page for a visitor).
  await expect(main(page).getByRole('link', { name: 'Login', exact: true })).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  for (const text of [
    'Authentication credentials were not provided.',
    'Failed to fetch theaters.',
    'Failed to load your theaters',
  ]) {
    await expect(page.getByText(text)).toHaveCount(0);
  }
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(page.locator('.Toastify__toast')).toHaveCount(0);
}

const PROTECTED = [
  {
    path: '/user/theaters',
    title: 'Log in to book tickets',
    account: 'customer',
    landed: 'Theaters',
  },
  {
    path: '/user/seat-layout?show=1',
    title: 'Log in to book tickets',
    account: 'customer',
    landed: 'Select Seats',
  },
  {
    path: '/owner/theaters',
    title: 'Log in to manage your theaters',
    account: 'owner',
    landed: 'Theaters',
  },
  {
    path: '/admin/adminpanel?tab=movies',
    title: 'Log in to the admin area',
    account: 'admin',
    landed: 'Admin Panel',
  },
  { path: '/reports', title: 'Log in to see reports', account: 'owner', landed: 'Reports' },
] as const;

for (const route of PROTECTED) {
  test(`a logged-out visitor on ${route.path} sees one login prompt and comes back there after logging in`, {
    tag: ['@auth', '@user', '@owner', '@admin'],
  }, async ({ page }) => {
    await page.goto(route.path);
    await expectOneLoginPrompt(page, route.title);

    await main(page).getByRole('link', { name: 'Login', exact: true }).click();
    await expect(h1(page)).toHaveText('Login');
    const account = ACCOUNTS[route.account];
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();

    await expect(page.getByText('Logged in successfully')).toBeVisible();
    await expect(page).toHaveURL(route.path);
    await expect(h1(page)).toHaveText(route.landed);
  });
}

test('a login link that names another site lands on the role home instead', {
  tag: ['@auth', '@user', '@owner', '@admin'],
}, async ({ page }) => {
  await page.goto(`/auth/login?next=${encodeURIComponent('//evil.example/user/theaters')}`);
  await page.getByLabel('Email').fill(ACCOUNTS.customer.email);
  await page.getByLabel('Password', { exact: true }).fill(ACCOUNTS.customer.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();

  await expect(page.getByText('Logged in successfully')).toBeVisible();
  await expect(page).toHaveURL('/user/theaters');
});

const WRONG_ROLE = [
  {
    account: 'customer',
    path: '/admin/adminpanel',
    title: 'This area is for admins',
    home: '/user/theaters',
    homeTitle: 'Theaters',
  },
  {
    account: 'customer',
    path: '/owner/theaters',
    title: 'This area is for theater owners',
    home: '/user/theaters',
    homeTitle: 'Theaters',
  },
  {
    account: 'owner',
    path: '/user/my-tickets',
    title: 'This area is for customers',
    home: '/owner/theaters',
    homeTitle: 'Theaters',
  },
] as const;

for (const route of WRONG_ROLE) {
  test(`a signed-in ${route.account} on ${route.path} is told whose area it is and gets a link home`, {
    tag: ['@auth', '@user', '@owner', '@admin'],
  }, async ({ page }) => {
    await logIn(page, ACCOUNTS[route.account].email, ACCOUNTS[route.account].password);
    const refused: string[] = [];
    page.on('response', (response) => {
      if ([401, 403].includes(response.status())) refused.push(response.url());
    });
    await page.goto(route.path);

    await expect(h1(page)).toHaveText(route.title);
    await expect(page).toHaveTitle(`${route.title} · CineBook`);
    await page.waitForLoadState('networkidle');
    // Nothing of the area behind it: not its screen, its errors, or its calls the server refuses.
    await expect(page.getByText('The theaters you own.')).toHaveCount(0);
    await expect(page.getByRole('alert').filter({ hasNotText: 'Logged in' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    expect(refused).toEqual([]);

    await page.getByRole('link', { name: 'Go to your home page' }).click();
    await expect(page).toHaveURL(route.home);
    await expect(h1(page)).toHaveText(route.homeTitle);
  });
}
