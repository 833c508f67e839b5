import type { Page } from '@playwright/test';
import { createAccount } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { ownShow } from '../support/onsale';
import { failOnConsoleErrors, layoutShift } from '../support/page';

// The login and the seat map come with their first screen in their HTML (the shell's build,
// decision 0055): the header, the page's title and grey bars in the shape of what is coming,
// drawn before the federation runtime and the area's code have started, and kept until the area
// draws the page.

const SIZES = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
];

/** Holds every remote's entry back until the returned function is called. */
async function holdRemotes(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/remoteEntry.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('the login and the seat map are readable before any script: header, title and what is coming', {
  tag: ['@shell', '@auth', '@user'],
}, async ({ browser }) => {
  const withoutScripts = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await withoutScripts.newPage();
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.goto('/auth/login');
      await expect(page.getByRole('banner').getByRole('link', { name: 'CineBook' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Login');
      await expect(page.getByRole('status')).toHaveText('Loading...');
      // The header's links work before the scripts do (at phone widths, in the closed menu).
      await expect(page.locator('header a[href="/auth/signup"]')).toHaveText('Signup');

      // Reached signed in: the header waits for the session rather than offer 'Login'.
      await page.goto('/user/seat-layout?show=1');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Select Seats');
      await expect(page.getByRole('status')).toHaveText('Loading seats...');
      await expect(page.locator('header nav a')).toHaveCount(0);
    }
  } finally {
    await withoutScripts.close();
  }
});

test('the login’s first screen stays until the form replaces it, and nothing moves', {
  tag: ['@shell', '@auth'],
}, async ({ page }) => {
  const noErrors = failOnConsoleErrors(page);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const release = await holdRemotes(page);
    // Not until 'load': the page's load waits for the entry held back.
    await page.goto('/auth/login', { waitUntil: 'domcontentloaded' });
    // The shell has started and is waiting for the area: the first screen is still there.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Login');
    await expect(page.getByRole('status')).toHaveText('Loading...');
    await expect(page).toHaveTitle('Login · CineBook');
    release();
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Login');
    expect(await layoutShift(page), `layout shift at ${size.width} px`).toBe(0);
    await page.unroute('**/remoteEntry.js');
  }
  noErrors();
});

test('a customer’s seat map: the first screen, their own header, then the map', {
  tag: ['@shell', '@user'],
}, async ({ pageAs }) => {
  const show = await ownShow(await createAccount('owner', 'first'), { rows: 2, seatsPerRow: 4 });
  const page = await pageAs('customer');
  const noErrors = failOnConsoleErrors(page);
  const release = await holdRemotes(page);
  await page.goto(`/user/seat-layout?show=${show.id}`, { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Select Seats');
  await expect(page.getByRole('status')).toHaveText('Loading seats...');
  // The shell knows the session now: the customer's links, not 'Login'.
  await expect(page.locator('header a[href="/auth/logout"]')).toHaveText('Logout');
  await expect(page.locator('header a[href="/auth/login"]')).toHaveCount(0);
  release();
  await expect(page.getByRole('button', { name: /^Seat A1,/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Select Seats');
  noErrors();
});

test('the seat map’s first screen gives way to whose area it is for an owner, and to one login prompt logged out', {
  tag: ['@shell', '@user'],
}, async ({ page, pageAs }) => {
  // Logged out: the first screen, then the area's one login prompt (access.spec.ts), nothing of
  // the stand-in left.
  await page.setViewportSize(SIZES[0] as { width: number; height: number });
  await page.goto('/user/seat-layout?show=1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in to book tickets');
  await expect(page.getByText('Loading seats...')).toHaveCount(0);
  await expect(page.locator('header a[href="/auth/login"]')).toHaveCount(1);

  // The wrong role: an owner gets whose area this is, with their own header.
  const owner = await pageAs('owner');
  await owner.setViewportSize(SIZES[0] as { width: number; height: number });
  await owner.goto('/user/seat-layout?show=1');
  await expect(owner.getByRole('heading', { level: 1 })).toHaveText('This area is for customers');
  await expect(owner.getByText('Loading seats...')).toHaveCount(0);
  await expect(owner.locator('header a[href="/auth/logout"]')).toHaveText('Logout');
});

test('reached by a link in the app, the stand-in title leaves the focus alone and the login’s own title takes it', {
  tag: ['@shell', '@auth'],
}, async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Book movie tickets in a few clicks',
  );
  const release = await holdRemotes(page);
  await page.locator('header a[href="/auth/login"]').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/auth/login');
  await expect(page.getByRole('status')).toHaveText('Loading...');
  const focusedHeading = () => page.evaluate(() => document.activeElement?.tagName === 'H1');
  expect(await focusedHeading(), 'the stand-in’s title took no focus').toBe(false);
  release();
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect.poll(focusedHeading).toBe(true);
  await expect(page.locator(':focus')).toHaveText('Login');
});
