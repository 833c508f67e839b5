import { expect, type Page } from '@playwright/test';

/** The owner opens the seat layout of their first upcoming show; its id. */
export async function openUpcomingShowAsOwner(owner: Page): Promise<number> {
  await owner.goto('/owner/shows');
  await owner
    .getByRole('listitem')
    .filter({ hasText: 'Upcoming' })
    .first()
    .getByRole('button', { name: 'Show Seats' })
    .click();
  await expect(owner).toHaveURL(/\/owner\/seatlayout\?show=\d+/);
  await expect(owner.getByRole('button', { name: /^Seat [A-Z]\d+, / }).first()).toBeVisible();
  return Number(new URL(owner.url()).searchParams.get('show'));
}
