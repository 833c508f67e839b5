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
