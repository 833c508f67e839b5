import type { Page } from '@playwright/test';

/** My Tickets' orders in one part ('Upcoming', 'Past', 'Cancelled'), top to bottom. */
export const ordersIn = (page: Page, part: 'Upcoming' | 'Past' | 'Cancelled') =>
  page.getByRole('list', { name: `${part} orders` }).locator(':scope > li');

/** The order card of a movie on My Tickets. */
export const orderOf = (page: Page, movie: string) =>
  page
    .getByRole('list', { name: /^(Upcoming|Past|Cancelled) orders$/ })
    .locator(':scope > li')
    .filter({ has: page.getByRole('heading', { name: movie, exact: true }) });

/** Every seat of every order on My Tickets (each with its status, code and QR code). */
export const seatsOfOrders = (page: Page) =>
  page.getByRole('list', { name: /^Tickets of / }).getByRole('listitem');
