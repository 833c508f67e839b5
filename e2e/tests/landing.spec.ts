import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { failOnConsoleErrors, layoutShift, paintAndFetches } from '../support/page';

// The landing page comes in the HTML itself (packages/federation/src/prerender.ts): a phone shows
// it before any script has arrived, and React, once loaded, adopts it (hydration).

const TAGLINE =
  'Browse theaters, pick a show, choose your seats and book your movie tickets online.';
const SIZES = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
];

/** Where the landing page's main parts are drawn. */
async function layoutOf(page: Page) {
  const parts = [
    page.getByRole('banner'),
    page.getByRole('heading', { level: 1 }),
    page.getByText(TAGLINE),
    page.getByRole('button', { name: 'Get Started' }),
    page.getByRole('heading', { name: 'Book Tickets' }),
  ];
  return Promise.all(parts.map((part) => part.boundingBox()));
}

/** Keeps the tagline element the HTML came with, to tell later whether React kept it. */
async function rememberSentTagline(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { sent: Element | null }).sent = document.querySelector('main p');
    });
  });
}

/** React has drawn the page: the title is set by the page itself, after its first render. */
async function drawnByReact(page: Page) {
  await expect(page).toHaveTitle('Book movie tickets in a few clicks · CineBook');
}

test('the landing page is readable without any script, and React adopts it where it is', {
  tag: ['@shell', '@auth'],
}, async ({ browser }) => {
  const withoutScripts = await browser.newContext({ javaScriptEnabled: false });
  const withScripts = await browser.newContext();
  try {
    const before = await withoutScripts.newPage();
    const after = await withScripts.newPage();
    const noErrors = failOnConsoleErrors(after);
    await rememberSentTagline(after);
    for (const size of SIZES) {
      await before.setViewportSize(size);
      await before.goto('/');
      await expect(before.getByRole('heading', { level: 1 })).toHaveText(
        'Book movie tickets in a few clicks',
      );
      await expect(before.getByText(TAGLINE)).toBeVisible();
      // The header's links work before the scripts do (at phone widths, in the closed menu).
      await expect(before.locator('header a[href="/auth/login"]')).toHaveText('Login');

      await after.setViewportSize(size);
      await after.goto('/');
      await drawnByReact(after);
      // The elements on screen are the ones the HTML brought, and they work now.
      expect(
        await after.evaluate(() => {
          const sent = (window as unknown as { sent: Element | null }).sent;
          return sent?.isConnected === true && sent === document.querySelector('main p');
        }),
      ).toBe(true);
      // Not one part moved when React took the page over.
      expect(await layoutOf(after), `at ${size.width} px`).toEqual(await layoutOf(before));
      expect(await layoutShift(after), `layout shift at ${size.width} px`).toBe(0);
    }
    await after.getByRole('button', { name: 'Get Started' }).click();
    await expect(after).toHaveURL('/auth/signup');
    noErrors();
  } finally {
    await withoutScripts.close();
    await withScripts.close();
  }
});

test('a signed-in customer opening the landing page gets their header, and nothing moves', {
  tag: ['@shell', '@auth'],
}, async ({ pageAs }) => {
  const page = await pageAs('customer');
  const noErrors = failOnConsoleErrors(page);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto('/');
    await drawnByReact(page);
    await expect(page.locator('header a[href="/auth/logout"]')).toHaveText('Logout');
    expect(await layoutShift(page), `layout shift at ${size.width} px`).toBe(0);
  }
  noErrors();
});

test('when the site configuration cannot be loaded, the sent page gives way to the error, and Retry brings it back', {
  tag: ['@shell', '@auth'],
}, async ({ page }) => {
  await page.route('**/runtime-config.json', (route) => route.fulfill({ status: 503 }));
  await page.goto('/');
  const failure = page.getByRole('alert');
  await expect(failure.getByRole('heading', { name: 'The site could not start' })).toBeVisible();
  // The landing page the HTML brought is gone, not left half-working under the message.
  await expect(page.getByText(TAGLINE)).toHaveCount(0);

  await page.unroute('**/runtime-config.json');
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Book movie tickets in a few clicks',
  );
  await expect(page.getByText(TAGLINE)).toHaveCount(1);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Get Started' }).click();
  await expect(page).toHaveURL('/auth/signup');
});

test('only `/` is sent with the landing page: other pages start empty or with their own first screen', {
  tag: ['@shell', '@auth'],
}, async ({ page }) => {
  const landing = await (await page.request.get('/')).text();
  expect(landing).toContain(TAGLINE);
  for (const path of ['/user/theaters', '/no/such/page']) {
    const html = await (await page.request.get(path)).text();
    expect(html, path).toContain('<div id="root"></div>');
    expect(html, path).not.toContain(TAGLINE);
  }
  // The login's first screen (first-screens.spec.ts), not the landing page.
  const login = await (await page.request.get('/auth/login')).text();
  expect(login).toContain('>Login</h1>');
  expect(login).not.toContain(TAGLINE);
  // And the page drawn there is that path's, not the landing page on its way out.
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Login');
});

test('the landing page asks no other origin for anything before it is painted', {
  tag: ['@shell', '@auth'],
}, async ({ page }) => {
  const noErrors = failOnConsoleErrors(page);
  await page.goto('/');
  await expect(page.getByText(TAGLINE)).toBeVisible();
  const shell = new URL(page.url()).origin;
  const timesOf = async () => {
    const { lcp, fetched } = await paintAndFetches(page);
    return { lcp, elsewhere: fetched.filter(({ url }) => !url.startsWith(`${shell}/`)) };
  };
  // The look-ahead to the login area comes, with the release manifest it needs...
  await expect
    .poll(async () =>
      (await timesOf()).elsewhere.some(({ url }) => url.endsWith('/remoteEntry.js')),
    )
    .toBe(true);
  const { lcp, elsewhere } = await timesOf();
  expect(lcp).not.toBeNull();
  // ...but only after the paint: a connection to another origin on a phone costs round trips.
  expect(elsewhere.filter(({ at }) => at <= (lcp as number))).toEqual([]);
  noErrors();
});
