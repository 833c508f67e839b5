import type { Page } from '@playwright/test';
import { cardOnSomePage } from '../support/customer-lists';
import { expect, test } from '../support/fixtures';

/** The day after tomorrow in the product's time zone, as a date input wants it. */
function showDate(): string {
  const day = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(day);
}

/** Picks the option of a select whose text contains `text` (options also name the city etc.). */
async function choose(page: Page, label: string, text: string) {
  const select = page.getByLabel(label);
  const option = select.locator('option', { hasText: text });
  await expect(option).toHaveCount(1);
  await select.selectOption((await option.getAttribute('value')) ?? '');
}

test('an owner puts a show on sale, a customer books it, the owner and the admin see the sale', {
  tag: ['@user', '@owner', '@admin'],
}, async ({ ownerAccount: owner, customerAccount: customer, pageAs }) => {
  test.setTimeout(90_000);
  const theaterName = `Screen ${owner.username}`;
  const movieTitle = `Premiere ${owner.username}`;

  // The owner adds a theater, a movie and a show.
  const ownerPage = await pageAs(owner);
  await expect(ownerPage).toHaveURL('/owner/theaters');
  await ownerPage.goto('/owner/add-theater');
  await ownerPage.getByLabel('Name').fill(theaterName);
  await ownerPage.getByLabel('Location').fill('Pune');
  await ownerPage.getByRole('button', { name: 'Add Theater' }).click();
  await expect(ownerPage.getByText('Theater added successfully!')).toBeVisible();

  await ownerPage.goto('/owner/add-movie');
  await ownerPage.getByLabel('Title').fill(movieTitle);
  await ownerPage.getByLabel('Description').fill('An opening night made for the test.');
  await ownerPage.getByLabel('Duration (mins)').fill('120');
  await ownerPage.getByLabel('Language').fill('English');
  await ownerPage.getByLabel('Release date').fill('2026-01-15');
  await choose(ownerPage, 'Theater', theaterName);
  await ownerPage.getByRole('button', { name: 'Add Movie' }).click();
  await expect(ownerPage.getByText('Movie added successfully!')).toBeVisible();

  await ownerPage.goto('/owner/add-show');
  await choose(ownerPage, 'Theater', theaterName);
  await choose(ownerPage, 'Movie', movieTitle);
  await ownerPage.getByLabel('Date').fill(showDate());
  await ownerPage.getByLabel('Start time').fill('18:00');
  await ownerPage.getByLabel('End time').fill('20:00');
  await ownerPage.getByRole('button', { name: 'Add Show' }).click();
  await expect(ownerPage.getByText('Show added successfully!')).toBeVisible();

  // A customer finds it through theaters, movies and shows, and books two seats.
  const customerPage = await pageAs(customer);
  // A chain's lists come ten a page: the new theater may be on a later one.
  await (await cardOnSomePage(customerPage, 'Theaters', theaterName))
    .getByRole('button', { name: 'View Running Movies' })
    .click();
  await (await cardOnSomePage(customerPage, 'Movies', movieTitle))
    .getByRole('button', { name: 'View Shows' })
    .click();
  await customerPage.getByRole('button', { name: 'View Seats' }).first().click();
  await customerPage.getByLabel('Number of Tickets').fill('2');
  await customerPage.getByRole('button', { name: 'Seat A1, available' }).click();
  await customerPage.getByRole('button', { name: 'Seat A2, available' }).click();
  await customerPage.getByRole('button', { name: 'Proceed to Pay' }).click();
  await customerPage.getByRole('button', { name: 'Pay Now' }).click();
  await expect(customerPage.getByText('Seats booked successfully!')).toBeVisible();

  // The owner sees both bookings, and the booker's name on the seat map.
  await ownerPage.goto('/owner/bookings');
  await expect(ownerPage.getByRole('row').filter({ hasText: customer.username })).toHaveCount(2);
  await ownerPage.goto('/owner/shows');
  await ownerPage
    .getByRole('listitem')
    .filter({ hasText: movieTitle })
    .getByRole('button', { name: 'Show Seats' })
    .click();
  const bookedSeat = ownerPage.getByRole('button', {
    name: `Seat A1, booked by ${customer.username}`,
  });
  await expect(bookedSeat).toHaveAttribute('title', `Booked by: ${customer.username}`);
  await expect(
    ownerPage.getByRole('button', { name: `Seat A2, booked by ${customer.username}` }),
  ).toBeVisible();

  // The admin finds the booking by searching, the owner with a theater count, and the sale.
  const adminPage = await pageAs('admin');
  await adminPage.goto('/admin/bookings');
  await adminPage.getByLabel('Search').fill(customer.username);
  await expect(adminPage.getByRole('row').filter({ hasText: customer.username })).toHaveCount(2);

  await adminPage.goto('/admin/owners');
  await adminPage.getByLabel('Search').fill(owner.username);
  const ownerRow = adminPage.getByRole('row').filter({ hasText: owner.username });
  await expect(ownerRow).toHaveCount(1);
  await expect(ownerRow.getByRole('cell', { name: '1', exact: true })).toBeVisible();

  await adminPage.goto('/reports');
  const theaterRow = adminPage.getByRole('row').filter({ hasText: theaterName }).first();
  await expect(theaterRow).toContainText('₹200');
});

test('customers and owners cannot read the admin lists', {
  tag: ['@user', '@owner', '@admin'],
}, async ({ ownerPage }) => {
  const status = await ownerPage.evaluate(async () => {
    const { access } = JSON.parse(localStorage.getItem('cinema-auth') ?? '{}').state ?? {};
    const config = await (await fetch('/runtime-config.json')).json();
    const response = await fetch(`${config.apiBaseUrl}/signup/?role=user&page=1`, {
      headers: { Authorization: `Bearer ${access}` },
    });
    return response.status;
  });
  expect(status).toBe(403);
});
