import type { Page } from '@playwright/test';
import { createAccount, type NewAccount } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { axeProblems, callApi, sidewaysOverflow, tabTo } from '../support/onsale';

// An owner draws a screen's layout (docs/decisions/0045-screens-and-seat-layouts.md): an aisle,
// a wheelchair space with its companion seat and a Recliner category at 350 rupees, by mouse and
// by keyboard alone on a 360 px phone; saves it; a show on that screen carries those seats, and
// the customer's seat map shows the category with its price.

const PHONE = { width: 360, height: 740 };

interface Owned {
  access: string;
  theater: { id: number; name: string };
  movie: { id: number; title: string };
}

/** The owner's theater (its default 'Screen 1' of `rows` x `seats`) and a movie, through the API. */
async function ownTheater(owner: NewAccount, rows: number, seats: number): Promise<Owned> {
  const { access } = await callApi<{ access: string }>('POST', 'login/', {
    email_or_username: owner.email,
    password: owner.password,
  });
  const name = `Multiplex ${owner.username}`;
  const theater = await callApi<{ id: number }>(
    'POST',
    'theaters/',
    { name, location: 'Pune', rows, seats_per_row: seats },
    access,
  );
  const title = `Premiere ${owner.username}`;
  const movie = await callApi<{ id: number }>(
    'POST',
    'movies/',
    {
      title,
      description: 'A night out in the good seats.',
      duration_minutes: 120,
      language: 'English',
      release_date: '2026-01-01',
      theater: theater.id,
    },
    access,
  );
  return { access, theater: { id: theater.id, name }, movie: { id: movie.id, title } };
}

/** 'YYYY-MM-DD' two days ahead in the API's time zone (APP_TIMEZONE, Asia/Kolkata). */
function showDate(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: process.env.APP_TIMEZONE || 'Asia/Kolkata',
  }).format(new Date(Date.now() + 2 * 24 * 3600_000));
}

interface MapSeat {
  label: string;
  row: string;
  x: number;
  kind: string;
  category: string;
  price: number;
  partner_x: number | null;
}

/** The show's seat map as the API sends it. */
function seatMap(showId: number, access: string) {
  return callApi<MapSeat[]>('GET', `shows/${showId}/seats/`, undefined, access);
}

const cell = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

test('an owner draws a layout by mouse at 360 px, adds a show on it, and customers see its categories', {
  tag: ['@owner', '@user'],
}, async ({ ownerAccount, ownerPage: page, pageAs }) => {
  test.setTimeout(120_000);
  const owned = await ownTheater(ownerAccount, 4, 8);
  await page.setViewportSize(PHONE);

  await test.step('the theater card leads to its screens, where a screen is added', async () => {
    await page.goto('/owner/theaters');
    const card = page.getByRole('listitem').filter({ hasText: owned.theater.name });
    await card.getByRole('link', { name: 'Screens' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: `Screens of ${owned.theater.name}` }),
    ).toBeVisible();
    const screen1 = page.getByRole('listitem').filter({ hasText: 'Screen 1' });
    await expect(screen1).toContainText('32 seats');
    await expect(screen1).toContainText('Standard ₹100 (32 seats)');
    expect(await axeProblems(page)).toEqual([]);

    await page.getByLabel('New screen name').fill('Gold');
    await page.getByRole('button', { name: 'Add screen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Layout of Gold' })).toBeVisible();
  });

  await test.step('an aisle, a wheelchair space with its companion, and Recliners at ₹350', async () => {
    await page.getByRole('button', { name: 'Add category' }).click();
    await page.getByLabel('Name of category 2').fill('Recliner');
    await page.getByLabel('Price of category 2 (₹)').fill('350');
    // Unused yet: checkLayout says so at once.
    await expect(page.getByText('No seat is of category Recliner')).toBeVisible();

    await page.getByRole('radio', { name: 'Gap/aisle' }).check();
    for (const row of 'ABCDEFGH') await cell(page, `Row ${row}, position 7: Standard seat`).click();
    await page.getByRole('radio', { name: 'Wheelchair space' }).check();
    await cell(page, 'Row H, position 1: Standard seat').click();
    await page.getByRole('radio', { name: 'Companion seat' }).check();
    await cell(page, 'Row H, position 2: Standard seat').click();
    await page.getByRole('radio', { name: 'Seat', exact: true }).check();
    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Recliner' });
    for (const position of [8, 9, 10, 11, 12])
      await cell(page, `Row H, position ${position}: Standard seat`).click();
    await page.getByLabel(/Hold back wheelchair spaces/).fill('1');

    await expect(cell(page, 'Row H, position 12: Recliner seat')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'for sale' })).toHaveText(
      '88 seats for sale. Ready to save.',
    );
    // Cells keep WCAG's 24 px targets; the grid scrolls inside its box, never the page.
    const box = await cell(page, 'Row A, position 1: Standard seat').boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(24);
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(24);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await axeProblems(page)).toEqual([]);

    await page.getByRole('button', { name: 'Save layout' }).click();
    await expect(
      page.getByText(
        'Layout saved. 0 upcoming shows were redrawn; 0 shows on sale kept their seats.',
      ),
    ).toBeVisible();
  });

  let showId = 0;
  await test.step('a show is added on that screen with the Screen select', async () => {
    await page.goto('/owner/add-show');
    await page.getByLabel('Theater').selectOption({ label: `${owned.theater.name} — Pune` });
    await expect(page.getByLabel('Screen')).toHaveValue(/\d+/);
    await page.getByLabel('Screen').selectOption({ label: 'Gold (88 seats)' });
    await page.getByLabel('Movie').selectOption({ label: `${owned.movie.title} (120 mins)` });
    await page.getByLabel('Date').fill(showDate());
    await page.getByLabel('Start time').fill('18:00');
    await page.getByRole('button', { name: 'Add Show' }).click();
    await expect(page.getByText('Show added successfully!')).toBeVisible();

    const shows = await callApi<{ results: { id: number; screen_name: string }[] }>(
      'GET',
      `shows/?page=1&page_size=20&q=${encodeURIComponent(owned.movie.title)}`,
      undefined,
      owned.access,
    );
    const show = shows.results.find((entry) => entry.screen_name === 'Gold');
    expect(show).toBeDefined();
    showId = show?.id ?? 0;

    await page.goto('/owner/shows');
    const card = page.getByRole('listitem').filter({ hasText: owned.movie.title });
    await expect(card).toContainText('ScreenGold');
  });

  await test.step('the show has the drawn seats, and customers see Recliner ₹350', async () => {
    const seats = await seatMap(showId, owned.access);
    expect(seats).toHaveLength(88);
    expect(seats.some((seat) => seat.x === 7)).toBe(false);
    expect(seats.filter((seat) => seat.category === 'Recliner' && seat.price === 350)).toHaveLength(
      5,
    );
    expect(seats.find((seat) => seat.row === 'H' && seat.x === 1)).toMatchObject({
      kind: 'wheelchair',
      partner_x: 2,
    });
    expect(seats.find((seat) => seat.row === 'H' && seat.x === 2)).toMatchObject({
      kind: 'companion',
      partner_x: 1,
    });

    const customer = await pageAs('customer');
    await customer.goto(`/user/seat-layout?show=${showId}`);
    await expect(customer.getByRole('list', { name: 'Seat categories' })).toContainText(
      'Recliner ₹350',
    );
  });

  await test.step('the owner’s seat map draws the aisle, the accessible seats and the prices', async () => {
    await page.goto(`/owner/seatlayout?show=${showId}`);
    const categories = page.getByRole('list', { name: 'Seat categories' });
    await expect(categories).toContainText('Recliner ₹350');
    await expect(categories).toContainText('Standard ₹100');
    const legend = page.getByRole('list', { name: 'Seat legend' });
    await expect(legend).toContainText('Wheelchair space');
    await expect(legend).toContainText('Companion seat');
    await expect(cell(page, 'Seat H1, wheelchair space, Standard, ₹100, available')).toBeVisible();
    await expect(cell(page, 'Seat H2, companion seat, Standard, ₹100, available')).toBeVisible();
    // Row H: H6 at cell 6, the aisle at cell 7, H7 (the first Recliner) at cell 8.
    const [h5, h6, h7] = await Promise.all(
      [
        'Seat H5, Standard, ₹100, available',
        'Seat H6, Standard, ₹100, available',
        'Seat H7, Recliner, ₹350, available',
      ].map((name) => cell(page, name).boundingBox()),
    );
    const step = (h6?.x ?? 0) - (h5?.x ?? 0);
    expect(step).toBeGreaterThan(0);
    expect((h7?.x ?? 0) - (h6?.x ?? 0)).toBeGreaterThan(1.5 * step);
    expect(await axeProblems(page)).toEqual([]);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });
});

test('an owner draws a layout by keyboard alone at 360 px', {
  tag: ['@owner'],
}, async ({ pageAs }) => {
  test.setTimeout(120_000);
  const owner = await createAccount('owner', 'kbd');
  const owned = await ownTheater(owner, 3, 6);
  const { results } = await callApi<{ results: { id: number; name: string }[] }>(
    'GET',
    `screens/?theater=${owned.theater.id}`,
    undefined,
    owned.access,
  );
  const screenId = results[0]?.id ?? 0;
  const page = await pageAs(owner, { toastGone: true });
  await page.setViewportSize(PHONE);
  await page.goto(`/owner/screens/${screenId}/layout`);
  await expect(page.getByRole('heading', { level: 1, name: 'Layout of Screen 1' })).toBeVisible();

  await test.step('a Recliner category at ₹350', async () => {
    await tabTo(page, page.getByRole('button', { name: 'Add category' }));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByLabel('Name of category 2'));
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Recliner');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('350');
  });

  await test.step('an aisle down position 4, painted with arrows and Space', async () => {
    // The tools are radio buttons: arrows choose. The category is off for gaps, so Tab goes on
    // to the grid's one stop, its first cell.
    await tabTo(page, page.getByRole('radio', { name: 'Seat', exact: true }));
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'Gap/aisle' })).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(cell(page, 'Row A, position 1: Standard seat')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await expect(cell(page, 'Row C, position 4: Gap')).toBeFocused();
  });

  await test.step('a wheelchair space and its companion in row C, two Recliners in row A', async () => {
    // Back to the tools: Shift+Tab past the (disabled) category, arrows to the tool.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'Wheelchair space' })).toBeChecked();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(cell(page, 'Row C, position 4: Gap')).toBeFocused();
    await page.keyboard.press('Home');
    await page.keyboard.press('Space');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'Companion seat' })).toBeChecked();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    await expect(cell(page, 'Row C, position 2: Standard companion seat')).toBeFocused();

    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'Seat', exact: true })).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Category', { exact: true })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByLabel('Category', { exact: true })).toHaveValue(/\d+/);
    await expect(page.getByLabel('Category', { exact: true }).locator('option:checked')).toHaveText(
      'Recliner',
    );
    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(cell(page, 'Row A, position 2: Recliner seat')).toBeFocused();
  });

  await test.step('saved with Enter on Save; axe finds nothing; the show gets those seats', async () => {
    await expect(page.getByRole('status').filter({ hasText: 'for sale' })).toHaveText(
      '15 seats for sale. Ready to save.',
    );
    expect(await axeProblems(page)).toEqual([]);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await tabTo(page, page.getByRole('button', { name: 'Save layout' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Layout saved.' })).toHaveText(
      'Layout saved. 0 upcoming shows were redrawn; 0 shows on sale kept their seats.',
    );

    const show = await callApi<{ id: number; screen_name: string }>(
      'POST',
      'shows/',
      {
        movie: owned.movie.id,
        theater: owned.theater.id,
        screen: screenId,
        date: showDate(),
        start_time: '18:00',
        end_time: '20:00',
      },
      owned.access,
    );
    expect(show.screen_name).toBe('Screen 1');
    const seats = await seatMap(show.id, owned.access);
    expect(seats.map((seat) => `${seat.label}@${seat.x}:${seat.kind}:${seat.category}`)).toEqual([
      'A1@1:seat:Recliner',
      'A2@2:seat:Recliner',
      'A3@3:seat:Standard',
      'A4@5:seat:Standard',
      'A5@6:seat:Standard',
      'B1@1:seat:Standard',
      'B2@2:seat:Standard',
      'B3@3:seat:Standard',
      'B4@5:seat:Standard',
      'B5@6:seat:Standard',
      'C1@1:wheelchair:Standard',
      'C2@2:companion:Standard',
      'C3@3:seat:Standard',
      'C4@5:seat:Standard',
      'C5@6:seat:Standard',
    ]);
    expect(seats.find((seat) => seat.label === 'A1')?.price).toBe(350);
  });
});
