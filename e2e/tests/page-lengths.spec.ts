import { expect, test } from '../support/fixtures';
import { settle } from '../support/routes';

const PHONE = { width: 360, height: 740 };
/** The longest a page may be on a phone, in screens: past that, it is paged or made compact. */
const MOST_SCREENS = 6;

const PAGES = {
  customer: ['/user/theaters', '/user/movies', '/user/shows', '/user/my-tickets'],
  owner: ['/owner/theaters', '/owner/movies', '/owner/shows', '/owner/bookings'],
  admin: [
    '/admin/adminpanel',
    '/admin/theaters',
    '/admin/movies',
    '/admin/shows',
    '/admin/bookings',
    '/admin/owners',
    '/admin/users',
    '/admin/audit',
  ],
} as const;

test('on a phone no list page is longer than a few screens, with the demo’s data and every test’s', {
  tag: ['@user', '@owner', '@admin'],
}, async ({ pageAs }) => {
  test.setTimeout(120_000);
  for (const role of ['customer', 'owner', 'admin'] as const) {
    const page = await pageAs(role, { toastGone: true });
    await page.setViewportSize(PHONE);
    for (const path of PAGES[role]) {
      await page.goto(path);
      await expect(page.locator('main h1')).toBeVisible();
      await settle(page);
      const screens = await page.evaluate(
        () => document.documentElement.scrollHeight / window.innerHeight,
      );
      expect
        .soft(screens, `${role} ${path}: ${screens.toFixed(1)} screens`)
        .toBeLessThanOrEqual(MOST_SCREENS);
    }
  }
});
