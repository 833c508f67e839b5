import { createAccount } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { axeProblems, ownShow, sidewaysOverflow } from '../support/onsale';
import { settle } from '../support/routes';

const PHONE = { width: 360, height: 740 };

test('on a phone the pay bar stays at the bottom of the screen and never covers the seat reached', {
  tag: ['@user'],
}, async ({ pageAs }) => {
  // Ten rows: a map taller than the screen whatever other tests left.
  const show = await ownShow(await createAccount('owner', 'tall'), { rows: 10, seatsPerRow: 8 });
  const page = await pageAs('customer', { toastGone: true });
  await page.setViewportSize(PHONE);
  await page.goto(`/user/seat-layout?show=${show.id}`);
  await expect(page.getByRole('button', { name: /^Seat A1,/ })).toBeVisible();
  await settle(page);

  // The total and 'Proceed to Pay' are on the first screen, at its bottom.
  const pay = page.getByRole('button', { name: 'Proceed to Pay' });
  const bar = page.locator('div', { has: pay }).filter({ hasText: 'Total:' }).last();
  await expect(pay).toBeInViewport();
  await expect(bar).toContainText('No seats selected.');
  // Seats on the first screen too, above the bar.
  const a1 = await page.getByRole('button', { name: /^Seat A1,/ }).boundingBox();
  expect((a1?.y ?? 0) + (a1?.height ?? 0), 'seat A1 on the first screen').toBeLessThanOrEqual(
    (await bar.boundingBox())?.y ?? 0,
  );
  const barBox = async () => (await bar.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
  expect(Math.round((await barBox()).y + (await barBox()).height)).toBeLessThanOrEqual(
    PHONE.height,
  );

  // Picking a seat says it in the bar, still on screen.
  await page.getByLabel('Number of Tickets').fill('1');
  await page.getByRole('button', { name: /^Seat A1,/ }).click();
  await expect(bar).toContainText('Selected seats: A1');
  await expect(bar).toContainText('Total: ₹100');
  await expect(pay).toBeInViewport();

  // By keyboard to the last row: the seat reached is above the bar, not under it.
  await page.getByRole('button', { name: /^Seat A1,/ }).focus();
  for (let row = 0; row < 9; row++) {
    await page.keyboard.press('ArrowDown');
    const seat = await page.evaluate(() => document.activeElement?.getBoundingClientRect().bottom);
    const top = (await barBox()).y;
    expect(
      seat ?? 0,
      `row ${row + 2}: the focused seat ends above the pay bar`,
    ).toBeLessThanOrEqual(top + 1);
  }
  await expect(page.getByRole('button', { name: /^Seat J1,/ })).toBeFocused();

  // At the end of the page the bar sits in its place below the map: no seat under it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const lastSeat = await page.getByRole('button', { name: /^Seat J8,/ }).boundingBox();
  expect((lastSeat?.y ?? 0) + (lastSeat?.height ?? 0)).toBeLessThanOrEqual((await barBox()).y);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  expect(await axeProblems(page)).toEqual([]);

  // The payment's facts line up: a long label ('Wallet balance') does not push its value out.
  await pay.click();
  await expect(page.getByText('Wallet balance')).toBeVisible();
  const starts = await page
    .locator('dl', { hasText: 'Wallet balance' })
    .locator('dd')
    .evaluateAll((values) => values.map((value) => Math.round(value.getBoundingClientRect().left)));
  expect(starts.length).toBeGreaterThan(2);
  expect(new Set(starts).size, `values start at ${starts.join(', ')}`).toBe(1);
});
