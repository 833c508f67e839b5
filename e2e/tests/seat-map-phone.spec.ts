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

test('on a phone a wide screen fits the width at first; a tap, a double tap, a pinch and the buttons zoom it', {
  tag: ['@user'],
}, async ({ pageAs }) => {
  // Sixteen seats a row: at 24 px they would not fit 360 px.
  const show = await ownShow(await createAccount('owner', 'wide'), { rows: 8, seatsPerRow: 16 });
  const page = await pageAs('customer', { toastGone: true, touch: true });
  await page.setViewportSize(PHONE);
  await page.goto(`/user/seat-layout?show=${show.id}`);
  const seat = (name: string) => page.getByRole('button', { name: new RegExp(`^Seat ${name},`) });
  await expect(seat('A1')).toBeVisible();
  await settle(page);
  const size = async () => Math.round((await seat('A8').boundingBox())?.width ?? 0);
  const zoomIn = page.getByRole('button', { name: 'Zoom in' });
  const zoomOut = page.getByRole('button', { name: 'Zoom out' });

  // The whole map at first: every seat of a row on screen, nothing to scroll sideways.
  // On the first screen, above the pay bar: the first rows, whole.
  const bar = await page
    .getByRole('button', { name: 'Proceed to Pay' })
    .locator('..')
    .boundingBox();
  for (const name of ['A1', 'A16', 'B1', 'B16']) {
    const box = await seat(name).boundingBox();
    expect(box?.x ?? -1, `${name} from the left edge`).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0), `${name} to the right edge`).toBeLessThanOrEqual(
      PHONE.width,
    );
    expect((box?.y ?? 0) + (box?.height ?? 0), `${name} above the pay bar`).toBeLessThanOrEqual(
      bar?.y ?? 0,
    );
  }
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await expect(page.getByText('Tap or pinch to zoom in')).toBeVisible();
  await expect(page.getByText(/scroll sideways/i)).toHaveCount(0);
  const whole = await size();
  expect(whole).toBeLessThan(24);
  expect(await axeProblems(page)).toEqual([]);

  // A tap on seats that small zooms in where it landed, to seats of at least 24 px; it picks none.
  await page.getByLabel('Number of Tickets').fill('1');
  const a8 = await seat('A8').boundingBox();
  await page.touchscreen.tap((a8?.x ?? 0) + 4, (a8?.y ?? 0) + 4);
  await expect.poll(size).toBeGreaterThanOrEqual(24);
  await expect(seat('A8')).toBeInViewport();
  await expect(seat('A8')).toHaveAccessibleName(/available/);
  await expect(page.getByText(/scroll sideways/i)).toBeVisible();
  // Now a tap picks it, and the total says so.
  await seat('A8').tap();
  await expect(seat('A8')).toHaveAccessibleName(/selected/);
  await expect(page.getByText('Total: ₹100')).toBeVisible();

  // The buttons: in to the largest step, out step by step to the whole map again.
  const first = await size();
  await zoomIn.click();
  await expect.poll(size).toBeGreaterThan(first);
  await expect(zoomIn).toBeDisabled();
  await zoomOut.click();
  await expect.poll(size).toBe(first);
  await zoomOut.click();
  await expect.poll(size).toBe(whole);
  await expect(zoomOut).toBeDisabled();

  // A double tap zooms in two steps (never picking a seat), and from there back to the whole map.
  const mapScreen = page
    .getByRole('grid', { name: 'Seats' })
    .locator('xpath=..')
    .getByText('Screen', { exact: true });
  const twice = async () => {
    await mapScreen.evaluate((screen) => screen.scrollIntoView({ block: 'center' }));
    const screen = await mapScreen.boundingBox();
    const x = (screen?.x ?? 0) + (screen?.width ?? 0) / 2;
    const y = (screen?.y ?? 0) + (screen?.height ?? 0) / 2;
    await page.touchscreen.tap(x, y);
    await page.touchscreen.tap(x, y);
  };
  await twice();
  await expect.poll(size).toBeGreaterThan(first);
  await expect(seat('A8')).toHaveAccessibleName(/selected/);
  await twice();
  await expect.poll(size).toBe(whole);

  // Two fingers spread apart over the map zoom it with them.
  // Clear of the pay bar at the bottom.
  await page
    .getByRole('grid', { name: 'Seats' })
    .evaluate((grid) => grid.scrollIntoView({ block: 'center' }));
  const grid = await page.getByRole('grid', { name: 'Seats' }).boundingBox();
  const cx = (grid?.x ?? 0) + (grid?.width ?? 0) / 2;
  const cy = (grid?.y ?? 0) + 20;
  const cdp = await page.context().newCDPSession(page);
  const fingers = (apart: number) => [
    { x: cx - apart / 2, y: cy, id: 0 },
    { x: cx + apart / 2, y: cy, id: 1 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(40) });
  for (const apart of [60, 90, 120, 150]) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(apart) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await expect.poll(size).toBeGreaterThanOrEqual(Math.min(56, whole * 3));
  await zoomOut.click();
  await zoomOut.click();
  await zoomOut.click();
  await expect.poll(size).toBe(whole);

  // By keyboard: seats that small are out of the Tab order; the first seat reached zooms the map
  // in around it, in view, and the arrow keys go on as ever.
  await expect(seat('A1')).toHaveAttribute('tabindex', '-1');
  await seat('B3').focus();
  await expect.poll(size).toBeGreaterThanOrEqual(24);
  await expect(seat('B3')).toBeInViewport();
  await page.keyboard.press('ArrowRight');
  await expect(seat('B4')).toBeFocused();
  await expect(seat('B4')).toBeInViewport();
});
