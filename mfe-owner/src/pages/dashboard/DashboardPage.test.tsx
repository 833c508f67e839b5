import { currentSearch, expectPath, fakeApi, json } from '@cinema/test-utils';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { booking, paged, theater } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

describe('DashboardPage', () => {
  it('has the tabs Add Theater (open), Add Movie, Add Show and Bookings', () => {
    renderApp('/owner/dashboard');

    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(document.title).toBe('Dashboard · CineBook');
    const tabs = within(screen.getByRole('tablist', { name: 'Dashboard sections' }));
    expect(tabs.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Add Theater',
      'Add Movie',
      'Add Show',
      'Bookings',
    ]);
    expect(tabs.getByRole('tab', { name: 'Add Theater' })).toHaveAttribute('aria-selected', 'true');
    expect(
      within(screen.getByRole('tabpanel')).getByRole('form', { name: 'Add Theater' }),
    ).toBeVisible();
  });

  it('has a card leading to the door’s Check-in', () => {
    renderApp('/owner/dashboard');

    const card = screen.getByRole('heading', { level: 2, name: 'Check-in at the door' })
      .parentElement as HTMLElement;
    expect(within(card).getByRole('link', { name: 'Open Check-in' })).toHaveAttribute(
      'href',
      '/owner/checkin',
    );
  });

  it('shows each tab’s form or list inline, and keeps the tab in the URL', async () => {
    fakeApi({
      'GET theaters/?page=1&page_size=100': () => json(200, paged([theater()], { pageSize: 100 })),
      'GET bookings/owner/?page=1&page_size=20': () => json(200, paged([booking()])),
    });
    const { user } = renderApp('/owner/dashboard');

    await user.click(screen.getByRole('tab', { name: 'Add Movie' }));
    expect(await screen.findByRole('form', { name: 'Add Movie' })).toBeVisible();
    expect(currentSearch()).toBe('?tab=add-movie');

    await user.click(screen.getByRole('tab', { name: 'Add Show' }));
    expect(await screen.findByRole('form', { name: 'Add Show' })).toBeVisible();

    await user.click(screen.getByRole('tab', { name: 'Bookings' }));
    expect(await screen.findByRole('table', { name: 'Bookings on your theaters' })).toBeVisible();
    expect(screen.getByRole('cell', { name: 'asha' })).toBeVisible();
  });

  it('opens on the tab named in the URL', async () => {
    fakeApi({ 'GET bookings/owner/?page=1&page_size=20': () => json(200, paged([])) });
    renderApp('/owner/dashboard?tab=bookings');

    expect(screen.getByRole('tab', { name: 'Bookings' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No bookings available')).toBeVisible();
  });

  it('links to the theaters, movies and shows lists and to the sales report', () => {
    renderApp('/owner/dashboard');

    const links = within(screen.getByRole('navigation', { name: 'Owner pages' }));
    expect(
      links.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Your theaters', '/owner/theaters'],
      ['Your movies', '/owner/movies'],
      ['Your shows', '/owner/shows'],
      ['Sales report', '/reports'],
    ]);
  });

  it('sends an owner without theaters from Add Movie to the Add Theater tab', async () => {
    fakeApi({
      'GET theaters/?page=1&page_size=100': () => json(200, paged([], { pageSize: 100 })),
    });
    const { user } = renderApp('/owner/dashboard?tab=add-movie');

    await user.click(await screen.findByRole('link', { name: 'Add Theater' }));

    await expectPath('/owner/dashboard');
    expect(currentSearch()).toBe('');
    expect(screen.getByRole('form', { name: 'Add Theater' })).toBeVisible();
  });
});
