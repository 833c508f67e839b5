import { showDays } from '../support/customer-lists';
import { expect, test } from '../support/fixtures';
import { axeProblems, ownShow, sidewaysOverflow } from '../support/onsale';
import { settle } from '../support/routes';

const PHONE = { width: 360, height: 740 };
/** The longest a list page may be on a phone, in screens. */
const MOST_SCREENS = 6;

test('showtimes on a phone: a day at a time, a few screens long, by keyboard to the seat map', {
  tag: ['@user'],
}, async ({ pageAs, ownerAccount }) => {
  test.setTimeout(90_000);
  const show = await ownShow(ownerAccount);
  const page = await pageAs('customer', { toastGone: true });
  await page.setViewportSize(PHONE);
  await page.goto('/user/shows');
  const days = showDays(page);
  await expect(days.first()).toHaveAttribute('aria-selected', 'true');

  // Every day of the strip, on the demo's shows and every other test's: a few screens at most.
  const count = await days.count();
  for (let index = 0; index < count; index++) {
    await days.nth(index).click();
    await expect(days.nth(index)).toHaveAttribute('aria-selected', 'true');
    await settle(page);
    const screens = await page.evaluate(
      () => document.documentElement.scrollHeight / window.innerHeight,
    );
    const label = (await days.nth(index).textContent()) ?? '';
    expect(screens, `${label} is ${screens.toFixed(1)} screens long`).toBeLessThanOrEqual(
      MOST_SCREENS,
    );
  }
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  expect(await axeProblems(page)).toEqual([]);

  // By keyboard: the strip is one tab stop, arrows move between days, the day's shows follow.
  await days.first().click();
  await page.keyboard.press('End');
  await expect(days.last()).toBeFocused();
  await expect(days.last()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  await expect(days.first()).toHaveAttribute('aria-selected', 'true');

  // The owner's show, two days from now: its day, its movie, its time, then its seats.
  // In the API's time zone, as ownShow dates it: from 18:30 UTC Kolkata is a day ahead.
  const dayName = new Intl.DateTimeFormat('en-GB', {
    timeZone: process.env.APP_TIMEZONE || 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
  }).format(new Date(Date.now() + 2 * 24 * 3600_000));
  // 'Mon30 Nov', never '13 Nov' for '3 Nov'.
  const day = days.filter({ hasText: new RegExp(`\\D${dayName}$`) });
  await day.focus();
  await page.keyboard.press('Enter');
  await expect(day).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/[?&]date=\d{4}-\d\d-\d\d($|&)/);
  const movie = page
    .getByRole('tabpanel')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2, name: show.movie }) });
  // A busy day comes in pages of whole movies.
  const next = page
    .getByRole('navigation', { name: "Pages of the day's shows" })
    .getByRole('button', {
      name: 'Next',
    });
  for (let turns = 0; (await movie.count()) === 0 && turns < 20; turns++) await next.click();
  await expect(movie).toContainText('18:00 – 20:00');
  await expect(movie).toContainText('Total 10 · Booked 0 · Available 10');
  await movie.getByRole('button', { name: 'View Seats' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/user/seat-layout\\?show=${show.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Select Seats' })).toBeVisible();

  // Back returns to that day and page (they are in the address).
  await page.goBack();
  await expect(day).toHaveAttribute('aria-selected', 'true');
  await expect(movie).toBeVisible();
});
