import type { Locator, Page } from '@playwright/test';
import { latestCode, logIn, newPerson } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { openUpcomingShowAsOwner } from '../support/owner-shows';
import { ACCOUNTS, settle } from '../support/routes';

const PHONE = { width: 360, height: 740 };

/** True when `target` is inside the viewport and is what a click at its centre would hit. */
async function reachable(target: Locator): Promise<boolean> {
  await target.scrollIntoViewIfNeeded();
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const inView =
      box.left >= 0 &&
      box.top >= 0 &&
      box.right <= window.innerWidth &&
      box.bottom <= window.innerHeight &&
      box.width > 0;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return inView && hit !== null && (hit === element || element.contains(hit));
  });
}

/** The page itself never scrolls sideways. */
async function expectNoSidewaysPage(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the page is wider than the screen').toBeLessThanOrEqual(0);
}

test('a toast never covers the header: its links and the phone Menu button stay clickable', {
  tag: ['@user', '@owner', '@admin'],
}, async ({ page }) => {
  const customer = ACCOUNTS.customer;
  await logIn(page, customer.email, customer.password);
  const toast = page.locator('.Toastify__toast').first();
  await expect(toast).toBeVisible();
  const header = await page.locator('header').first().boundingBox();
  const toastBox = await toast.boundingBox();
  expect(toastBox?.y ?? 0).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
  // A trial click waits until nothing covers the target: while the toast shows, it must pass.
  const main = page.getByRole('navigation', { name: 'Main' });
  await main.getByRole('link', { name: 'Logout' }).click({ trial: true, timeout: 1_500 });
  await main.getByRole('link', { name: 'demo_guest' }).click({ trial: true, timeout: 1_500 });
  await main.getByRole('link', { name: 'My Tickets' }).click({ trial: true, timeout: 1_500 });

  await page.setViewportSize(PHONE);
  await page.goto('/auth/logout');
  await page.getByRole('button', { name: 'Logout', exact: true }).click();
  await logIn(page, customer.email, customer.password);
  await expect(toast).toBeVisible();
  await page
    .getByRole('button', { name: 'Menu', exact: true })
    .click({ trial: true, timeout: 1_500 });
  // The toasts' column (the toast itself slides in from the right) is narrower than the phone.
  const column = await page.locator('.Toastify__toast-container').boundingBox();
  expect(column?.x ?? -1).toBeGreaterThan(0);
  expect((column?.x ?? 0) + (column?.width ?? PHONE.width)).toBeLessThan(PHONE.width);
  const phoneHeader = await page.locator('header').first().boundingBox();
  expect(column?.y ?? 0).toBeGreaterThanOrEqual((phoneHeader?.y ?? 0) + (phoneHeader?.height ?? 0));
  // On a phone they sit at the bottom: the page's heading stays in sight.
  const heading = await page.locator('main h1').boundingBox();
  const toastOnPhone = await toast.boundingBox();
  expect(toastOnPhone?.y ?? 0).toBeGreaterThanOrEqual((heading?.y ?? 0) + (heading?.height ?? 0));
  expect((toastOnPhone?.y ?? 0) + (toastOnPhone?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);
});

test('on a phone a toast stays above the seat page’s pay bar', { tag: ['@user'] }, async ({
  pageAs,
}) => {
  const page = await pageAs('customer', { toastGone: true });
  await page.setViewportSize(PHONE);
  await page.goto('/user/shows');
  await page.getByRole('button', { name: 'View Seats' }).first().click();
  await expect(page.getByRole('button', { name: /^Seat [A-Z]\d+/ }).first()).toBeVisible();
  // An empty count refused by 'Best available' says so in a toast.
  await page.getByLabel('Number of Tickets').fill('');
  await page.getByRole('button', { name: 'Best available' }).click();
  const toast = page.locator('.Toastify__toast').first();
  await expect(toast).toBeVisible();
  const bar = await page.getByRole('button', { name: 'Proceed to Pay' }).boundingBox();
  const box = await toast.boundingBox();
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(bar?.y ?? 0);
});

test('on a phone a toast never covers the field in focus: the field moves above it', {
  tag: ['@owner'],
}, async ({ pageAs }) => {
  const page = await pageAs('owner', { toastGone: true });
  // A phone with its keyboard up: the page sees the screen above the keyboard.
  await page.setViewportSize({ width: PHONE.width, height: 480 });
  await page.goto('/owner/add-theater');
  const form = page.getByRole('form', { name: 'Add Theater' });
  await form.getByLabel('Name').fill('Bottom Cinema');
  await form.getByLabel('Location').fill('Pune');
  await form.getByLabel('Rows').fill('5');
  const field = form.getByLabel('Seats per row');
  await field.fill('8');
  // The field at the bottom of the screen, where the toasts of a phone appear.
  await field.evaluate((input) => {
    const bottom = input.getBoundingClientRect().bottom;
    window.scrollBy(0, bottom - window.innerHeight + 8);
  });
  await expect(field).toBeInViewport({ ratio: 1 });
  // The server fails the add: a toast says so while the field keeps the focus.
  await page.route('**/api/theaters/', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, json: { detail: 'Server error.' } })
      : route.fallback(),
  );
  await field.press('Enter');
  const toast = page.locator('.Toastify__toast').first();
  await expect(toast).toBeVisible();
  await expect(field).toBeFocused();
  await expect
    .poll(
      async () => {
        const [input, note] = [await field.boundingBox(), await toast.boundingBox()];
        return (input?.y ?? 0) + (input?.height ?? 0) <= (note?.y ?? 0);
      },
      { message: 'the field in focus ends above the toast' },
    )
    .toBe(true);
  await expect(field).toBeInViewport({ ratio: 1 });
});

test('at 360 px a 12-seat row fits at first, and zoomed in every seat can be scrolled to and pressed, on both seat maps', {
  tag: ['@user', '@owner', '@admin'],
}, async ({ pageAs }) => {
  test.setTimeout(90_000);
  // The demo owner's first upcoming show on both maps: the customers' showtimes start with
  // whatever starts soonest, which may be a small room another test made.
  let showId: number | null = null;
  for (const role of ['owner', 'customer'] as const) {
    const page = await pageAs(role, { toastGone: true });
    await page.setViewportSize(PHONE);
    if (role === 'owner') showId = await openUpcomingShowAsOwner(page);
    else await page.goto(`/user/seat-layout?show=${showId}`);
    const seats = page.getByRole('button', { name: /^Seat [A-Z]\d+/ });
    await expect(seats.first()).toBeVisible();
    await settle(page);
    const rowA = page.getByRole('button', { name: /^Seat A\d+[,:]/ });
    const count = await rowA.count();
    expect(count).toBeGreaterThanOrEqual(12);
    const everySeatReachable = async (when: string) => {
      for (let index = 0; index < count; index++)
        expect(await reachable(rowA.nth(index)), `${role}, ${when}: seat ${index + 1}`).toBe(true);
    };
    // The whole row on the screen at first, with nothing to scroll.
    await everySeatReachable('whole map');
    await expect(page.getByText(/scroll sideways/i)).toHaveCount(0);
    // Zoomed in, a sighted phone user is told that the map scrolls, and it does.
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect(page.getByText(/scroll sideways/i)).toBeVisible();
    await everySeatReachable('zoomed in');
    await expectNoSidewaysPage(page);
  }
});

test('at 360 px every tab of the dashboards and the admin panel is in view: the strips wrap', {
  tag: ['@user', '@owner', '@admin'],
}, async ({ pageAs }) => {
  test.setTimeout(90_000);
  const strips = [
    { role: 'customer', path: '/user/dashboard', nav: 'Dashboard sections', kind: 'button' },
    { role: 'owner', path: '/owner/dashboard', nav: 'Dashboard sections', kind: 'tab' },
    { role: 'admin', path: '/admin/adminpanel', nav: 'Admin panel sections', kind: 'button' },
  ] as const;
  for (const strip of strips) {
    const page = await pageAs(strip.role, { toastGone: true });
    await page.setViewportSize(PHONE);
    await page.goto(strip.path);
    await settle(page);
    const container =
      strip.kind === 'tab'
        ? page.getByRole('tablist', { name: strip.nav })
        : page.getByRole('navigation', { name: strip.nav });
    const items = container.getByRole(strip.kind);
    const count = await items.count();
    expect(count).toBeGreaterThanOrEqual(3);
    // Every tab is in view as the page opens: none hides past the edge of a sideways strip.
    const hidden = await items.evaluateAll((elements) =>
      elements
        .filter((element) => {
          const box = element.getBoundingClientRect();
          return box.left < 0 || box.right > window.innerWidth || box.width < 40;
        })
        .map((element) => element.textContent),
    );
    expect(hidden, `${strip.path}: tabs out of view`).toEqual([]);
    for (let index = 0; index < count; index++) {
      const item = items.nth(index);
      expect(await reachable(item), `${strip.path}: ${await item.innerText()}`).toBe(true);
    }
    await expectNoSidewaysPage(page);
  }
});

test('under 600 px tables become stacked cards with a label per value, in the owner and admin areas', {
  tag: ['@user', '@owner', '@admin'],
}, async ({ pageAs }) => {
  test.setTimeout(90_000);
  const lists = [
    { role: 'owner', path: '/owner/bookings', columns: ['Booked by', 'Show', 'Price'] },
    { role: 'admin', path: '/admin/bookings', columns: ['Booked by', 'Date', 'Price'] },
    { role: 'admin', path: '/admin/users', columns: ['Date joined'] },
  ] as const;
  for (const list of lists) {
    const page = await pageAs(list.role, { toastGone: true });
    await page.setViewportSize(PHONE);
    await page.goto(list.path);
    await settle(page);
    const table = page.getByRole('table').first();
    const firstRow = table.locator('tbody tr').first();
    await expect(firstRow).toBeVisible();
    const rowBox = await firstRow.boundingBox();
    // Each value sits on its own line after its label, across the card's full width.
    const labels = await firstRow
      .locator('td')
      .evaluateAll((cells) =>
        cells.map((cell) =>
          getComputedStyle(cell, '::before').content.replace(/^"|"(\s*\/.*)?$/g, ''),
        ),
      );
    for (const column of list.columns) {
      const index = labels.indexOf(column);
      expect(index, `${list.path}: '${column}' labels its value (${labels.join(', ')})`).not.toBe(
        -1,
      );
      const cell = firstRow.locator('td').nth(index);
      const box = await cell.boundingBox();
      expect(box?.width ?? 0).toBeGreaterThan((rowBox?.width ?? 0) * 0.8);
      expect(box?.height ?? 999, `${list.path}: '${column}' fits one or two lines`).toBeLessThan(
        64,
      );
    }
    const sideways = await table.evaluate(
      (element) => element.scrollWidth - (element.parentElement?.clientWidth ?? 0),
    );
    expect(sideways, `${list.path}: the table scrolls sideways`).toBeLessThanOrEqual(2);
    await expectNoSidewaysPage(page);

    // On a wide screen it is a table again, and its header starts at its top edge.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(table.locator('thead')).toBeVisible();
    const band = await table.evaluate((element) => {
      const head = element.querySelector('thead')?.getBoundingClientRect();
      return (head?.top ?? 0) - element.getBoundingClientRect().top;
    });
    expect(band, `${list.path}: an empty band above the header`).toBeLessThanOrEqual(1);
  }
});

// 'Wed, 25 Nov 2026' and '10:00': no comma before the year and a 24-hour clock, everywhere.
const TWELVE_HOUR = /\b\d{1,2}:\d{2}\s?[ap]m\b/i;
const COMMA_BEFORE_YEAR = /\b[A-Z][a-z]{2}, \d{4}\b/;
const DATE = '[A-Z][a-z]{2}, \\d{1,2} [A-Z][a-z]{2} \\d{4}';

test('dates and times read the same on every screen: Wed, 25 Nov 2026 · 10:00', {
  tag: ['@user', '@owner', '@admin'],
}, async ({ pageAs }) => {
  test.setTimeout(120_000);
  const screens = [
    { role: 'customer', path: '/user/my-tickets', sample: new RegExp(`${DATE} · \\d{2}:\\d{2}`) },
    { role: 'customer', path: '/user/shows', sample: /\d{2}:\d{2} – \d{2}:\d{2}/ },
    { role: 'customer', path: '/user/movies', sample: new RegExp(DATE) },
    { role: 'owner', path: '/owner/bookings', sample: new RegExp(`${DATE} · \\d{2}:\\d{2}`) },
    { role: 'owner', path: '/owner/shows', sample: new RegExp(DATE) },
    { role: 'admin', path: '/admin/shows', sample: /\d{2}:\d{2} – \d{2}:\d{2}/ },
    { role: 'admin', path: '/admin/bookings', sample: new RegExp(DATE) },
    { role: 'admin', path: '/admin/users', sample: new RegExp(DATE) },
    { role: 'admin', path: '/reports', sample: new RegExp(DATE) },
  ] as const;
  for (const role of ['customer', 'owner', 'admin'] as const) {
    const page = await pageAs(role, { toastGone: true });
    for (const screen of screens.filter((entry) => entry.role === role)) {
      await page.goto(screen.path);
      await settle(page);
      const main = page.locator('main');
      await expect(main, screen.path).toContainText(screen.sample);
      const text = await main.innerText();
      expect(text, `${screen.path} uses a 12-hour clock`).not.toMatch(TWELVE_HOUR);
      expect(text, `${screen.path} puts a comma before the year`).not.toMatch(COMMA_BEFORE_YEAR);
    }
  }
});

test('counts read as English in the owner area: a screen of 1 seat', {
  tag: ['@user', '@owner', '@admin'],
}, async ({ ownerPage: page }) => {
  await page.goto('/owner/add-theater');
  await page.getByLabel('Name').fill('Tiny Screen');
  await page.getByLabel('Location').fill('Pune');
  await page.getByLabel('Rows').fill('1');
  await page.getByLabel('Seats per row').fill('1');
  await page.getByRole('button', { name: 'Add Theater' }).click();
  await page.goto('/owner/theaters');
  // The card leads to the theater's screens, where each screen's size is (decision 0045).
  const card = page.getByRole('listitem').filter({ hasText: 'Tiny Screen' });
  await card.getByRole('link', { name: 'Screens' }).click();
  const screen1 = page.getByRole('listitem').filter({ hasText: 'Screen 1' });
  await expect(screen1).toContainText(/Seats\s*1 seat(?!s)/);
  await expect(screen1).toContainText('Standard ₹100 (1 seat)');
  await expect(screen1).not.toContainText(/\b1 seats\b/);
});

test('a table wider than its box says so, in words and by shadows at its edges', {
  tag: ['@admin'],
}, async ({ pageAs }) => {
  const page = await pageAs('admin', { toastGone: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/reports');
  const byMovie = page.getByRole('group', { name: /Sales by movie|movies by tickets sold/ });
  await expect(byMovie).toBeVisible();
  await settle(page);
  // The report's wide tables (sales by movie, top shows) overflow their 1,120 px box here.
  const boxes = await page
    .locator('[role="group"]:has(> table)')
    .evaluateAll((groups) => groups.map((group) => group.scrollWidth > group.clientWidth + 1));
  const overflowing = boxes.filter(Boolean).length;
  expect(overflowing).toBeGreaterThan(0);
  // One hint per table that scrolls, none for those that fit.
  await expect(page.getByText('Scroll sideways to see every column')).toHaveCount(overflowing);
});

test('cards side by side are as tall as each other: their buttons line up', {
  tag: ['@user'],
}, async ({ pageAs }) => {
  const page = await pageAs('customer', { toastGone: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/user/movies');
  const buttons = page.getByRole('button', { name: 'View Shows' });
  await expect(buttons.first()).toBeVisible();
  await settle(page);
  const boxes = await buttons.evaluateAll((all) =>
    all.map((button) => {
      const card = button.closest('li')?.getBoundingClientRect();
      return {
        row: Math.round(card?.top ?? 0),
        bottom: Math.round(button.getBoundingClientRect().bottom),
      };
    }),
  );
  const rows = new Map<number, Set<number>>();
  for (const { row, bottom } of boxes) rows.set(row, (rows.get(row) ?? new Set()).add(bottom));
  // Movies' descriptions differ in length: without equal heights the buttons would not line up.
  expect([...rows.values()].filter((bottoms) => bottoms.size > 1)).toEqual([]);
  expect(boxes.length).toBeGreaterThan(rows.size);
});

test('at 360 px a long verified email is shown whole on the signup and password reset forms', {
  tag: ['@auth'],
}, async ({ page }) => {
  await page.setViewportSize(PHONE);
  const person = newPerson('long');
  const email = `a.rather.long.address.for.${person.email}`;
  await page.goto('/auth/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await page.getByLabel('OTP').fill(await latestCode(email));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();

  // Wrapped inside the card, nothing cut off: all of it is in the page's width.
  const expectWhole = async () => {
    const shown = page.getByText(`${email} (Verified)`);
    await expect(shown).toBeVisible();
    const box = await shown.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= PHONE.width).toBe(true);
    expect(await shown.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expectNoSidewaysPage(page);
  };
  await expectWhole();

  await page.getByLabel('Name').fill(person.username);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Select Role').selectOption({ label: 'User' });
  await page.getByRole('button', { name: 'Signup' }).click();
  await expect(page).toHaveURL('/auth/login');

  // The same address verified for a new password.
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page).toHaveURL('/auth/otp/verify');
  await page.getByLabel('OTP').fill(await latestCode(email));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page).toHaveURL('/auth/password/reset');
  await expectWhole();
});
