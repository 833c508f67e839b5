import { fakeApi, json } from '@cinema/test-utils';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { movie, theater, ticket } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

describe('DashboardPage', () => {
  it('opens on Theaters and switches to Movies and My Tickets from the sidebar', async () => {
    fakeApi({
      'GET theaters/': () => json(200, [theater()]),
      'GET movies/': () => json(200, [movie({ title: 'Arrival' })]),
      // A show still to come, whatever the day the test runs.
      'GET my-tickets/': () =>
        json(200, [
          ticket({
            movie_name: 'Oppenheimer',
            starts_at: '2099-11-21T12:30:00Z',
            ends_at: '2099-11-21T15:05:00Z',
          }),
        ]),
    });
    const { user } = renderApp('/user/dashboard');

    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const sidebar = screen.getByRole('navigation', { name: 'Dashboard sections' });
    expect(sidebar).toBeVisible();
    expect(screen.getByRole('button', { name: 'Theaters' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await screen.findByRole('heading', { level: 3, name: 'PVR Forum' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Movies' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Arrival' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'PVR Forum' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'My Tickets' }));
    // Under the panel's h2, each order (h3), in the tab of upcoming ones.
    expect(await screen.findByRole('heading', { level: 3, name: 'Oppenheimer' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Upcoming (1)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('button', { name: 'My Tickets' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('shows the empty state of the chosen list', async () => {
    fakeApi({ 'GET theaters/': () => json(200, []) });
    renderApp('/user/dashboard');

    expect(await screen.findByText('No theaters found.')).toBeVisible();
  });
});
