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
      'GET my-tickets/': () => json(200, [ticket({ movie_name: 'Oppenheimer' })]),
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
    // Under the panel's h2: the parts of the list (h3), then each order (h4).
    expect(await screen.findByRole('heading', { level: 4, name: 'Oppenheimer' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 3, name: 'Upcoming' })).toBeVisible();
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
