import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { logIn } from './accounts';
import { lastShowDay } from './customer-lists';
import { E2E_ADMIN } from './ports';

/**
 * Every route of the product per role, and the states with content worth checking (form errors,
 * selected seats, a payment, tickets, the open phone menu). The accessibility suite and
 * `npm run screenshots` both walk this list, so a new screen added here is checked and
 * photographed alike.
 */
export type Role = 'anonymous' | 'customer' | 'owner' | 'admin';

export const ROLES: readonly Role[] = ['anonymous', 'customer', 'owner', 'admin'];

/** The widths every screen is checked at: a laptop and a small phone. */
export const WIDTHS = [1280, 360] as const;

/** Demo accounts the API seeds in browser tests (SEED_DEMO=1). The guest holds tickets. */
export const ACCOUNTS: Record<Exclude<Role, 'anonymous'>, { email: string; password: string }> = {
  customer: { email: 'guest@cinebook.local', password: 'Guest#2026' },
  owner: { email: 'owner@cinebook.local', password: 'Owner#2026' },
  admin: E2E_ADMIN,
};

export interface Screen {
  /** Short, file-name safe: 'user-seat-layout-selected'. */
  name: string;
  /** Where the screen starts. */
  path: string;
  /** The page's h1 and tab title ('{title} · CineBook'); null where it depends on the data. */
  title: string | RegExp | null;
  /** Brings the screen into the state to check, after `path` is loaded and its h1 is shown. */
  act?: (page: Page) => Promise<void>;
  /** Undoes what `act` left behind on the server (e.g. releases a hold). */
  cleanUp?: (page: Page) => Promise<void>;
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** Opens the phone menu (only there at phone widths). */
async function openMenu(page: Page) {
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  if (await menu.isVisible()) {
    await menu.click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeVisible();
    // Slid all the way in.
    await expect
      .poll(() => nav.evaluate((element) => element.getBoundingClientRect().right))
      .toBeLessThanOrEqual(await page.evaluate(() => window.innerWidth));
  }
}

async function submitEmpty(page: Page, button: string) {
  await page.getByRole('button', { name: button, exact: true }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
}

/**
 * From the shows list to a show's seat map: the last one listed (of the last day), where the
 * demo guest (who holds tickets of each theater's first show) has no seats, so a hold is within
 * the limits.
 */
async function showSeats(page: Page) {
  await lastShowDay(page);
  await page.getByRole('button', { name: 'View Seats' }).last().click();
  await expect(h1(page)).toHaveText('Select Seats');
  await expect(
    page.getByRole('button', { name: /^Seat [A-Z]\d+, available$/ }).first(),
  ).toBeVisible();
}

async function selectOneSeat(page: Page) {
  await showSeats(page);
  await page.getByLabel('Number of Tickets').fill('1');
  await page
    .getByRole('button', { name: /^Seat [A-Z]\d+, available$/ })
    .first()
    .click();
  await expect(page.getByRole('button', { name: /^Seat [A-Z]\d+, selected$/ })).toHaveCount(1);
}

async function releaseHold(page: Page) {
  const back = page.getByRole('button', { name: 'Back', exact: true });
  if (await back.isVisible()) {
    await back.click();
    await expect(h1(page)).toHaveText('Select Seats');
  }
}

export const SCREENS: Record<Role, readonly Screen[]> = {
  anonymous: [
    { name: 'landing', path: '/', title: 'Book movie tickets in a few clicks' },
    { name: 'login', path: '/auth/login', title: 'Login' },
    {
      name: 'login-errors',
      path: '/auth/login',
      title: 'Login',
      act: (page) => submitEmpty(page, 'Login'),
    },
    { name: 'signup', path: '/auth/signup', title: 'Create Your Account' },
    { name: 'otp-request', path: '/auth/otp/request', title: 'Forgot Password' },
    { name: 'otp-verify', path: '/auth/otp/verify', title: null },
    { name: 'password-reset', path: '/auth/password/reset', title: null },
    { name: 'not-found', path: '/no/such/page', title: 'Page not found...' },
    { name: 'menu-open', path: '/', title: 'Book movie tickets in a few clicks', act: openMenu },
    // Protected areas: one login prompt each, titled by what the area is for.
    { name: 'user-theaters', path: '/user/theaters', title: 'Log in to book tickets' },
    { name: 'user-my-tickets', path: '/user/my-tickets', title: 'Log in to book tickets' },
    { name: 'owner-theaters', path: '/owner/theaters', title: 'Log in to manage your theaters' },
    { name: 'admin-panel', path: '/admin/adminpanel', title: 'Log in to the admin area' },
    { name: 'reports', path: '/reports', title: 'Log in to see reports' },
  ],
  customer: [
    { name: 'user-dashboard', path: '/user/dashboard', title: 'Dashboard' },
    { name: 'user-dashboard-movies', path: '/user/dashboard?tab=movies', title: 'Dashboard' },
    { name: 'user-dashboard-tickets', path: '/user/dashboard?tab=my-tickets', title: 'Dashboard' },
    { name: 'user-theaters', path: '/user/theaters', title: 'Theaters' },
    { name: 'user-movies', path: '/user/movies', title: 'Movies' },
    { name: 'user-shows', path: '/user/shows', title: 'Shows' },
    { name: 'user-seat-layout', path: '/user/shows', title: 'Shows', act: showSeats },
    {
      name: 'user-seat-layout-selected',
      path: '/user/shows',
      title: 'Shows',
      act: selectOneSeat,
    },
    {
      name: 'user-payment',
      path: '/user/shows',
      title: 'Shows',
      act: async (page) => {
        await selectOneSeat(page);
        await page.getByRole('button', { name: 'Proceed to Pay' }).click();
        await expect(h1(page)).toHaveText('Payment');
        await expect(page.getByRole('button', { name: 'Pay Now' })).toBeVisible();
      },
      cleanUp: releaseHold,
    },
    { name: 'user-my-tickets', path: '/user/my-tickets', title: 'My Tickets' },
    {
      name: 'user-cancel',
      path: '/user/my-tickets',
      title: 'My Tickets',
      act: async (page) => {
        // A show under way cannot be cancelled: while one of the demo's is, the first page of
        // upcoming orders may have no 'Cancel Ticket'; the next pages do.
        const cancel = page.getByRole('button', { name: 'Cancel Ticket' }).first();
        const pages = page.getByRole('navigation', { name: 'Pages of upcoming orders' });
        await expect(page.getByRole('list', { name: 'Upcoming orders' })).toBeVisible();
        while (!(await cancel.isVisible())) {
          const next = pages.getByRole('button', { name: 'Next' });
          await expect(next).toBeEnabled();
          await next.click();
          await expect(page).toHaveURL(/[?&]page=\d+/);
        }
        await cancel.click();
        await expect(h1(page)).toHaveText('Cancel Ticket');
      },
    },
    { name: 'profile', path: '/profile', title: 'My Profile' },
    { name: 'logout', path: '/auth/logout', title: 'Logout' },
    { name: 'user-menu-open', path: '/user/theaters', title: 'Theaters', act: openMenu },
    // Another role's area: whose it is, with a link home.
    { name: 'owner-theaters', path: '/owner/theaters', title: 'This area is for theater owners' },
    { name: 'admin-panel', path: '/admin/adminpanel', title: 'This area is for admins' },
  ],
  owner: [
    { name: 'owner-dashboard', path: '/owner/dashboard', title: 'Dashboard' },
    {
      name: 'owner-dashboard-errors',
      path: '/owner/dashboard',
      title: 'Dashboard',
      act: (page) => submitEmpty(page, 'Add Theater'),
    },
    { name: 'owner-dashboard-movie', path: '/owner/dashboard?tab=add-movie', title: 'Dashboard' },
    { name: 'owner-dashboard-show', path: '/owner/dashboard?tab=add-show', title: 'Dashboard' },
    {
      name: 'owner-dashboard-bookings',
      path: '/owner/dashboard?tab=bookings',
      title: 'Dashboard',
    },
    { name: 'owner-theaters', path: '/owner/theaters', title: 'Theaters' },
    { name: 'owner-movies', path: '/owner/movies', title: 'Movies' },
    { name: 'owner-shows', path: '/owner/shows', title: 'Shows' },
    {
      name: 'owner-seat-layout',
      path: '/owner/shows',
      title: 'Shows',
      act: async (page) => {
        await page.getByRole('button', { name: 'Show Seats' }).first().click();
        await expect(h1(page)).toHaveText('Seat Layout');
        await expect(page.getByRole('button', { name: /^Seat [A-Z]\d+/ }).first()).toBeVisible();
      },
    },
    { name: 'owner-add-theater', path: '/owner/add-theater', title: 'Add Theater' },
    { name: 'owner-add-movie', path: '/owner/add-movie', title: 'Add Movie' },
    {
      name: 'owner-add-movie-errors',
      path: '/owner/add-movie',
      title: 'Add Movie',
      act: (page) => submitEmpty(page, 'Add Movie'),
    },
    { name: 'owner-add-show', path: '/owner/add-show', title: 'Add Show' },
    { name: 'owner-bookings', path: '/owner/bookings', title: 'Bookings' },
    { name: 'owner-checkin', path: '/owner/checkin', title: 'Check-in' },
    { name: 'owner-reports', path: '/reports', title: 'Reports' },
    { name: 'profile', path: '/profile', title: 'My Profile' },
    { name: 'user-my-tickets', path: '/user/my-tickets', title: 'This area is for customers' },
  ],
  admin: [
    { name: 'admin-panel', path: '/admin/adminpanel', title: 'Admin Panel' },
    ...['movies', 'shows', 'bookings', 'owners', 'users', 'releases', 'emails', 'audit'].map(
      (tab) => ({
        name: `admin-panel-${tab}`,
        path: `/admin/adminpanel?tab=${tab}`,
        title: 'Admin Panel',
      }),
    ),
    { name: 'admin-theaters', path: '/admin/theaters', title: 'Theaters' },
    { name: 'admin-movies', path: '/admin/movies', title: 'Movies' },
    { name: 'admin-shows', path: '/admin/shows', title: 'Shows' },
    { name: 'admin-bookings', path: '/admin/bookings', title: 'Bookings' },
    { name: 'admin-owners', path: '/admin/owners', title: 'Owners' },
    { name: 'admin-users', path: '/admin/users', title: 'Users' },
    { name: 'admin-releases', path: '/admin/releases', title: 'Releases' },
    { name: 'admin-audit', path: '/admin/audit', title: 'Audit log' },
    { name: 'reports', path: '/reports', title: 'Reports' },
    { name: 'admin-not-found', path: '/admin/nothing-here', title: 'Page not found...' },
    { name: 'profile', path: '/profile', title: 'My Profile' },
    { name: 'admin-menu-open', path: '/admin/adminpanel', title: 'Admin Panel', act: openMenu },
  ],
};

/** A browser context signed in as `role` (anonymous: none), with one page in it. */
export async function contextFor(
  browser: Browser,
  role: Role,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: WIDTHS[0], height: 800 } });
  const page = await context.newPage();
  if (role !== 'anonymous') {
    const account = ACCOUNTS[role];
    await logIn(page, account.email, account.password);
    // Let the sign-in toast go, so it is not part of every screen.
    await page.locator('.Toastify__toast').first().waitFor({ state: 'detached', timeout: 10_000 });
  }
  return { context, page };
}

/**
 * Loads `screen` and brings it into its state: the page's h1 shown, its data loaded (no
 * skeletons or spinners left) and no toast in front of it.
 */
export async function openScreen(page: Page, screen: Screen) {
  await page.goto(screen.path);
  await expect(h1(page)).toBeVisible();
  if (typeof screen.title === 'string') await expect(h1(page)).toHaveText(screen.title);
  await settle(page);
  if (screen.act) {
    await screen.act(page);
    await settle(page);
  }
}

/**
 * Waits until nothing is loading: no busy region, no skeleton, and the network quiet. Not
 * Playwright's 'networkidle': a seat map keeps its live event stream open for good. Quiet here
 * means no request has finished for QUIET_MS (the page's resource entries stop growing).
 */
export async function settle(page: Page) {
  await page.waitForLoadState('load');
  const finished = () => page.evaluate(() => performance.getEntriesByType('resource').length);
  let count = await finished();
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    await page.waitForTimeout(QUIET_MS);
    const now = await finished();
    if (now === count) break;
    count = now;
  }
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

const QUIET_MS = 500;
