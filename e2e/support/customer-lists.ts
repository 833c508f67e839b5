// The customer's lists in a browser: the days of /user/shows, and cards on later pages.
import { expect, type Page } from '@playwright/test';

/** The date strip of /user/shows: one tab per day that has shows. */
export const showDays = (page: Page) =>
  page.getByRole('tablist', { name: 'Show dates' }).getByRole('tab');

/** On /user/shows, chooses the last day: its last show is the furthest one listed. */
export async function lastShowDay(page: Page) {
  const last = showDays(page).last();
  await last.click();
  await expect(last).toHaveAttribute('aria-selected', 'true');
}

/**
 * The card of a list ('Theaters', 'Movies') that names `text`, turning the list's pages (ten
 * cards a page) until it shows.
 */
export async function cardOnSomePage(page: Page, list: string, text: string) {
  const card = page
    .getByRole('list', { name: list })
    .getByRole('listitem')
    .filter({ hasText: text });
  const next = page.getByRole('navigation', { name: `${list} pages` }).getByRole('button', {
    name: 'Next',
  });
  await expect(page.getByRole('list', { name: list })).toBeVisible();
  for (let turns = 0; (await card.count()) === 0 && turns < 50; turns++) {
    if (!(await next.isVisible()) || (await next.isDisabled())) break;
    await next.click();
  }
  return card;
}
