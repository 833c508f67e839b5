import type { Page } from '@playwright/test';
import { createAccount } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { ownShow } from '../support/onsale';
import { settle } from '../support/routes';

/** The accessible name of the focused element (its aria-label, else its text). */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element?.getAttribute('aria-label') ?? element?.textContent?.trim() ?? '';
  });

test("the seat map is one Tab stop: arrows, Home/End and PageUp/PageDown move within it, and 'Proceed to Pay' is a few Tabs away", {
  tag: ['@user'],
}, async ({ pageAs }) => {
  const page = await pageAs('customer', { toastGone: true });
  await page.goto('/user/shows');
  await page.getByRole('button', { name: 'View Seats' }).first().click();
  await expect(page.getByRole('button', { name: /^Seat A1,/ })).toBeVisible();
  await settle(page);

  // Tab from the ticket count into the map: one seat takes the focus.
  await page.getByLabel('Number of Tickets').focus();
  let presses = 0;
  while (!/^Seat [A-Z]\d+,/.test(await focusedName(page)) && presses < 10) {
    await page.keyboard.press('Tab');
    presses++;
  }
  expect(await focusedName(page)).toMatch(/^Seat A1,/);
  // The map's seats in order ('A1', ... 'H12'), whatever the size of this theater.
  const labels = await page
    .getByRole('grid')
    .getByRole('button')
    .evaluateAll((seats) =>
      seats.map((seat) => (seat.getAttribute('aria-label') ?? '').replace(/^Seat (\w+),.*$/, '$1')),
    );
  const rows = [...new Set(labels.map((label) => label[0]))];
  const lastOfA = labels.filter((label) => label.startsWith('A')).at(-1);
  const pageDownRow = rows[Math.min(1 + 5, rows.length - 1)];

  await page.keyboard.press('ArrowRight');
  expect(await focusedName(page)).toMatch(/^Seat A2,/);
  await page.keyboard.press('End');
  expect(await focusedName(page)).toMatch(new RegExp(`^Seat ${lastOfA},`));
  await page.keyboard.press('Home');
  expect(await focusedName(page)).toMatch(/^Seat A1,/);
  await page.keyboard.press('ArrowDown');
  expect(await focusedName(page)).toMatch(/^Seat B1,/);
  await page.keyboard.press('PageDown');
  expect(await focusedName(page)).toMatch(new RegExp(`^Seat ${pageDownRow}1,`));
  await page.keyboard.press('PageUp');
  expect(await focusedName(page)).toMatch(/^Seat [A-B]1,/);
  await page.keyboard.press('Control+End');
  expect(await focusedName(page)).toMatch(new RegExp(`^Seat ${labels.at(-1)},`));
  await page.keyboard.press('Control+Home');
  expect(await focusedName(page)).toMatch(/^Seat A1,/);

  // Leaving the map takes one Tab; the seat last focused is where Shift+Tab comes back to.
  await page.keyboard.press('ArrowRight');
  const seatsBehind = await page.locator('button[tabindex="0"][aria-label^="Seat "]').count();
  expect(seatsBehind).toBe(1);
  presses = 0;
  while ((await focusedName(page)) !== 'Proceed to Pay' && presses < 83) {
    await page.keyboard.press('Tab');
    presses++;
  }
  expect(presses, "Tab presses from a seat to 'Proceed to Pay'").toBeLessThanOrEqual(3);
  while (!/^Seat /.test(await focusedName(page)) && presses < 90) {
    await page.keyboard.press('Shift+Tab');
    presses++;
  }
  expect(await focusedName(page)).toMatch(/^Seat A2,/);
});

test('a skip link is the first Tab stop and moves focus to the main content', {
  tag: ['@user'],
}, async ({ pageAs }) => {
  const page = await pageAs('customer', { toastGone: true });
  await page.goto('/user/theaters');
  await settle(page);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  // The next Tab goes into the page, not back to the header.
  await page.keyboard.press('Tab');
  const inMain = await page.evaluate(
    () => document.querySelector('main')?.contains(document.activeElement) ?? false,
  );
  expect(inMain).toBe(true);
});

test('the phone menu keeps focus inside, has no hidden backdrop stop, and Escape closes it back to the Menu button', {
  tag: ['@user'],
}, async ({ pageAs }) => {
  const page = await pageAs('customer', { toastGone: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/user/theaters');
  await settle(page);
  const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
  await menuButton.click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  // One control closes the menu by button: the Menu button itself, not a second invisible one.
  await expect(page.getByRole('button', { name: /close menu/i })).toHaveCount(1);

  // Twenty Tabs forward and back never leave the menu and its button.
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let step = 0; step < 10; step++) {
      await page.keyboard.press(key);
      const inside = await page.evaluate(() => {
        const active = document.activeElement;
        const navigation = document.getElementById('main-navigation');
        const toggle = document.querySelector('[aria-controls="main-navigation"]');
        return Boolean(active && (navigation?.contains(active) || active === toggle));
      });
      expect(inside, `${key} #${step + 1} left the open menu`).toBe(true);
    }
  }

  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(menuButton).toBeFocused();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
});

test('at 360 px the heading takes the focus after a page change, and the seat the arrow keys reach is scrolled into view', {
  tag: ['@user'],
}, async ({ pageAs }) => {
  // A show of its own, 20 seats a row: wider than a phone whatever other tests left.
  const show = await ownShow(await createAccount('owner', 'wide'), { rows: 3, seatsPerRow: 20 });
  const page = await pageAs('customer', { toastGone: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/user/theaters');
  await settle(page);
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shows' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shows' })).toBeFocused();

  await page.goto(`/user/seat-layout?show=${show.id}`);
  await expect(page.getByRole('button', { name: /^Seat A1,/ })).toBeVisible();
  await settle(page);
  // The box that scrolls sideways: the seat's nearest ancestor with overflow-x auto.
  const seatInView = () =>
    page.evaluate(() => {
      const seat = document.activeElement as HTMLElement;
      let box = seat.parentElement;
      while (box && getComputedStyle(box).overflowX !== 'auto') box = box.parentElement;
      if (!box) return { overflows: false, inView: false };
      const s = seat.getBoundingClientRect();
      const b = box.getBoundingClientRect();
      return {
        overflows: box.scrollWidth > box.clientWidth,
        inView: s.left >= b.left - 1 && s.right <= b.right + 1 && s.right <= window.innerWidth,
      };
    });
  await page.getByRole('button', { name: /^Seat A1,/ }).focus();
  expect((await seatInView()).overflows, 'a map of 20 seats a row is wider than a phone').toBe(
    true,
  );
  for (const key of ['End', 'Home', 'End']) {
    await page.keyboard.press(key);
    const { inView } = await seatInView();
    expect(inView, `the seat focused by ${key} is in view`).toBe(true);
  }
});
