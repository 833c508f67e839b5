import type { Page } from '@playwright/test';
import { createAccount, type NewAccount } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { axeProblems, callApi, sidewaysOverflow, tabTo } from '../support/onsale';
import { seatsOfOrders } from '../support/tickets';

// A party of four books the best seats of a multiplex screen by keyboard alone on a 360 px phone
// (docs/decisions/0045-screens-and-seat-layouts.md): 'Best available' in the priciest category,
// the total at each seat's price, payment, four tickets; and the seat list for screen readers.

const PHONE = { width: 360, height: 740 };

// Two accounts, a screen and a show made through the API, axe twice: more than the default 30 s.
test.describe.configure({ timeout: 180_000 });

/**
 * Two Standard rows at the front (a wheelchair space with its companion seat, an aisle), two
 * Recliner rows behind with two aisles and a blocked seat: 12 cells a row.
 */
function layout() {
  const standard = { category: 'Standard' };
  const recliner = { category: 'Recliner' };
  const withAisles = (cell: object) => [cell, cell, null, ...Array(6).fill(cell), null, cell, cell];
  return {
    categories: [
      { name: 'Standard', price: 100 },
      { name: 'Recliner', price: 350 },
    ],
    rows: [
      {
        label: 'A',
        cells: [
          { ...standard, kind: 'wheelchair' },
          { ...standard, kind: 'companion' },
          null,
          ...Array(9).fill(standard),
        ],
      },
      { label: 'B', cells: withAisles(standard) },
      { label: 'C', cells: withAisles(recliner) },
      {
        label: 'D',
        cells: [...withAisles(recliner).slice(0, 11), { ...recliner, kind: 'blocked' }],
      },
    ],
  };
}

/** 'YYYY-MM-DD' two days ahead in the API's time zone (APP_TIMEZONE, Asia/Kolkata). */
function showDate(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: process.env.APP_TIMEZONE || 'Asia/Kolkata',
  }).format(new Date(Date.now() + 2 * 24 * 3600_000));
}

/** An owner's theater with a screen of that layout and a show on it, through the API. */
async function multiplexShow(owner: NewAccount): Promise<{ id: number; movie: string }> {
  const { access } = await callApi<{ access: string }>('POST', 'login/', {
    email_or_username: owner.email,
    password: owner.password,
  });
  const theater = await callApi<{ id: number }>(
    'POST',
    'theaters/',
    { name: `Multiplex ${owner.username}`, location: 'Pune', rows: 4, seats_per_row: 10 },
    access,
  );
  const screen = await callApi<{ id: number }>(
    'POST',
    'screens/',
    { theater: theater.id, name: 'Audi 2', layout: layout(), accessible_release_minutes: 120 },
    access,
  );
  const movie = `Party Night ${owner.username}`;
  const { id: movieId } = await callApi<{ id: number }>(
    'POST',
    'movies/',
    {
      title: movie,
      description: 'Four friends, four recliners.',
      duration_minutes: 120,
      language: 'English',
      release_date: '2026-01-01',
      theater: theater.id,
    },
    access,
  );
  const { id } = await callApi<{ id: number }>(
    'POST',
    'shows/',
    {
      movie: movieId,
      theater: theater.id,
      screen: screen.id,
      date: showDate(),
      start_time: '18:00',
      end_time: '20:00',
    },
    access,
  );
  return { id, movie };
}

/** The seat page of the show on a phone, signed in as a new customer, with the map drawn. */
async function openSeatsOnPhone(
  pageAs: (who: NewAccount, options: { toastGone: boolean }) => Promise<Page>,
  showId: number,
): Promise<Page> {
  const customer = await createAccount('user', 'party');
  const page = await pageAs(customer, { toastGone: true });
  await page.setViewportSize(PHONE);
  await page.goto(`/user/seat-layout?show=${showId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Select Seats' })).toBeVisible();
  await expect(page.getByText('Audi 2')).toBeVisible();
  return page;
}

test('a party of four books the best recliners by keyboard alone on a phone', {
  tag: ['@user'],
}, async ({ pageAs }) => {
  const owner = await createAccount('owner', 'plex');
  const show = await multiplexShow(owner);
  const page = await openSeatsOnPhone(pageAs, show.id);

  // The whole screen fits the phone at first; zoomed in (by keyboard too), seats are real
  // targets and the wide screen scrolls inside its box, not the page.
  const grid = page.getByRole('grid', { name: 'Seats' });
  await expect(
    grid.getByRole('button', { name: /^Seat C5, Recliner, ₹350, available/ }),
  ).toBeVisible();
  const edges = await grid
    .getByRole('button')
    .evaluateAll((seats) => seats.map((seat) => seat.getBoundingClientRect()));
  expect(Math.min(...edges.map((edge) => edge.left))).toBeGreaterThanOrEqual(0);
  expect(Math.max(...edges.map((edge) => edge.right))).toBeLessThanOrEqual(PHONE.width);
  await tabTo(page, page.getByRole('button', { name: 'Zoom in' }));
  await page.keyboard.press('Enter');
  await expect
    .poll(async () => (await grid.getByRole('button').first().boundingBox())?.width ?? 0)
    .toBeGreaterThanOrEqual(24);
  const size = await grid.getByRole('button').first().boundingBox();
  expect(size?.height).toBeGreaterThanOrEqual(24);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  const legend = page.getByRole('list', { name: 'Seat categories' });
  await expect(legend).toContainText('Recliner ₹350');
  await expect(legend).toContainText('Standard ₹100');
  expect(await axeProblems(page)).toEqual([]);

  const count = page.getByLabel('Number of Tickets');
  await tabTo(page, count);
  await page.keyboard.press('Backspace');
  await page.keyboard.type('4');
  await expect(page.getByLabel('Category')).toHaveValue('Recliner');
  await tabTo(page, page.getByRole('button', { name: 'Best available' }));
  await page.keyboard.press('Enter');

  const selection = page.getByText(/^Selected seats: /);
  await expect(selection).toHaveText(/^Selected seats: [CD]\d+, [CD]\d+, [CD]\d+, [CD]\d+$/);
  await expect(page.getByText('Total:')).toContainText('₹1,400');
  const labels = ((await selection.textContent()) ?? '')
    .replace('Selected seats: ', '')
    .split(', ');
  for (const label of labels)
    await expect(
      grid.getByRole('button', { name: `Seat ${label}, Recliner, ₹350, selected` }),
    ).toBeVisible();

  await tabTo(page, page.getByRole('button', { name: 'Proceed to Pay' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/user\/payment/);
  await expect(page.getByText('₹1,400')).toBeVisible();
  await expect(page.getByText('Audi 2')).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Pay Now' }));
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/user\/my-tickets/);
  const tickets = seatsOfOrders(page);
  await expect(tickets.filter({ hasText: 'Confirmed' })).toHaveCount(4);
});

test('the seat list for screen readers is reachable and works by keyboard, axe clean', {
  tag: ['@user'],
}, async ({ pageAs }) => {
  const owner = await createAccount('owner', 'plex');
  const show = await multiplexShow(owner);
  const page = await openSeatsOnPhone(pageAs, show.id);
  await expect(page.getByRole('grid', { name: 'Seats' })).toBeVisible();

  const list = page.getByRole('button', { name: 'List' });
  await tabTo(page, list);
  await page.keyboard.press('Enter');
  await expect(list).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('grid')).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Row C' })).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  expect(await axeProblems(page)).toEqual([]);

  // The wheelchair space waits for customers who need one; saying so makes it theirs to pick.
  const space = page.getByRole('checkbox', { name: /^A1, wheelchair space, Standard, ₹100, / });
  await expect(space).toHaveAccessibleName(
    'A1, wheelchair space, Standard, ₹100, kept for customers who need a wheelchair space',
  );
  await page.keyboard.press('Shift+Tab');
  const need = page.getByRole('checkbox', { name: 'I need a wheelchair space' });
  for (let presses = 0; presses < 6; presses++) {
    if (await need.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press('Shift+Tab');
  }
  await expect(need).toBeFocused();
  await page.keyboard.press('Space');
  await expect(space).toHaveAccessibleName('A1, wheelchair space, Standard, ₹100, available');

  const seat = page.getByRole('checkbox', { name: 'C5, Recliner, ₹350, available' });
  await tabTo(page, seat, 80);
  await page.keyboard.press('Space');
  await expect(seat).toBeChecked();
  await expect(page.getByText('Selected seats: C5')).toBeVisible();
  await expect(page.getByText('Total:')).toContainText('₹350');
  // A blocked seat is listed, says so, and ignores a press.
  const blocked = page.getByRole('checkbox', { name: 'D10, not for sale' });
  await expect(blocked).toHaveAttribute('aria-disabled', 'true');
  await blocked.focus();
  await page.keyboard.press('Space');
  await expect(blocked).not.toBeChecked();

  // The choice of view lasts the session.
  await page.reload();
  await expect(page.getByRole('group', { name: 'Row D' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
});
