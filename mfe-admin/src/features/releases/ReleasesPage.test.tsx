import { currentSearch, deferred, fakeApi, json } from '@cinema/test-utils';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../lib/format';
import { cellsOf, cellUnder, rowWith } from '../../test/lists';
import {
  releasesRoutes,
  releasesStatus,
  rolloutPlan,
  STATUS,
  unpublishedRemote,
} from '../../test/releases';
import { renderApp } from '../../test/renderApp';
import { loginAs } from '../../test/session';

describe('ReleasesPage', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows each remote: stable, canary and its percentage, previous stable, reporters and failures', async () => {
    fakeApi(releasesRoutes());
    renderApp('/admin/releases');

    expect(screen.getByRole('heading', { level: 1, name: 'Releases' })).toBeVisible();
    expect(document.title).toBe('Releases · CineBook');
    const table = await screen.findByRole('table', { name: 'Remotes' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => cellsOf(row)[0]),
    ).toEqual(['mfe-auth', 'mfe-user', 'mfe-owner', 'mfe-admin']);

    expect(cellUnder('Remotes', 'mfe-user', 'Stable')).toBe('1.1.0-bbbbbbbb');
    expect(cellUnder('Remotes', 'mfe-user', 'Stable reporters')).toBe(
      'Recent: 20 reporters, 2 failedAll time: 340 reporters, 7 failed (1,210 reports)',
    );
    expect(cellUnder('Remotes', 'mfe-user', 'Canary')).toBe('1.2.0-cccccccc at 15%');
    expect(cellUnder('Remotes', 'mfe-user', 'Canary reporters')).toBe(
      'Recent: 4 reporters, 1 failedAll time: 4 reporters, 1 failed (4 reports)',
    );
    expect(cellUnder('Remotes', 'mfe-user', 'Previous stable')).toBe('1.0.0-aaaaaaaa');
    expect(within(rowWith('Remotes', 'mfe-user')).getByText('Canary live')).toBeVisible();

    expect(cellUnder('Remotes', 'mfe-owner', 'Canary')).toBe('No canary');
    expect(cellUnder('Remotes', 'mfe-owner', 'Canary reporters')).toBe('—');
    expect(cellUnder('Remotes', 'mfe-owner', 'Previous stable')).toBe('—');
    expect(
      screen.getByText(/among its newest 20 reporters, there are at least 5 and 50% or more/),
    ).toBeVisible();
  });

  it('highlights an automatic rollback in words, with its reason and time', async () => {
    fakeApi(releasesRoutes());
    renderApp('/admin/releases');

    await screen.findByRole('table', { name: 'Remotes' });
    const owner = rowWith('Remotes', 'mfe-owner');
    expect(within(owner).getByText('Rolled back')).toBeVisible();
    expect(owner).toHaveTextContent(
      'Automatic rollback: 4 of 5 recent reporters of 2.1.0-eeeeeeee failed.',
    );
    expect(owner).toHaveTextContent(formatDateTime('2026-11-10T14:30:00Z'));
    expect(within(rowWith('Remotes', 'mfe-user')).queryByText('Rolled back')).toBeNull();
  });

  it('says Nothing published yet. for a remote without releases, and for all of them', async () => {
    fakeApi(releasesRoutes());
    renderApp('/admin/releases');

    await screen.findByRole('table', { name: 'Remotes' });
    expect(cellUnder('Remotes', 'mfe-auth', 'Stable')).toBe('Nothing published yet.');
    expect(cellUnder('Remotes', 'mfe-auth', 'Canary')).toBe('—');
    expect(within(rowWith('Remotes', 'mfe-auth')).getByText('Not published')).toBeVisible();
  });

  it('has an empty state when nothing was ever published', async () => {
    fakeApi({
      [STATUS]: () =>
        json(
          200,
          releasesStatus({
            remotes: {
              auth: unpublishedRemote('auth'),
              user: unpublishedRemote('user'),
              owner: unpublishedRemote('owner'),
              admin: unpublishedRemote('admin'),
            },
            audit: [],
          }),
        ),
    });
    renderApp('/admin/releases');

    expect(await screen.findByText('Nothing published yet.')).toBeVisible();
    expect(screen.queryByRole('table', { name: 'Remotes' })).toBeNull();
    expect(screen.getByText('No changes yet.')).toBeVisible();
  });

  it('lists the recent changes, newest first, with system for an automatic one', async () => {
    fakeApi(releasesRoutes());
    renderApp('/admin/releases');

    const audit = await screen.findByRole('table', { name: 'Recent changes' });
    const rows = within(audit).getAllByRole('row').slice(1).map(cellsOf);
    expect(rows).toEqual([
      [
        formatDateTime('2026-11-10T14:30:00Z'),
        'system',
        'Automatic rollback',
        'mfe-owner',
        'canary 2.1.0-eeeeeeee (10%) → none; Automatic rollback: 4 of 5 recent reporters of 2.1.0-eeeeeeee failed.',
      ],
      [
        formatDateTime('2026-11-09T08:05:00Z'),
        'root',
        'Canary set',
        'mfe-user',
        'canary none → 1.2.0-cccccccc (15%)',
      ],
      [
        formatDateTime('2026-11-02T09:00:00Z'),
        'root',
        'Published',
        'mfe-owner',
        'published 2.0.0-dddddddd; stable none → 2.0.0-dddddddd',
      ],
    ]);
  });

  it('offers no rollout actions without an active plan', async () => {
    const status = releasesStatus();
    status.remotes.user.rollout = rolloutPlan({
      state: 'completed',
      step_index: 3,
      next_step_at: null,
      reason: '1.2.0-cccccccc reached 100% and is stable.',
    });
    fakeApi(releasesRoutes(status));
    renderApp('/admin/releases');

    const user = await screen.findByRole('region', { name: 'mfe-user' });
    expect(within(user).getByText('Completed')).toBeVisible();
    expect(within(user).getByText('1.2.0-cccccccc reached 100% and is stable.')).toBeVisible();
    expect(within(user).queryByText(/^Next step/)).toBeNull();
    for (const name of ['Pause rollout', 'Resume rollout', 'Abort rollout']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
  });

  it('shows a skeleton while loading', async () => {
    const answer = deferred<Response>();
    fakeApi({ ...releasesRoutes(), [STATUS]: () => answer.promise });
    renderApp('/admin/releases');

    expect(screen.getByRole('status')).toHaveTextContent('Loading releases...');
    answer.resolve(json(200, releasesStatus()));
    expect(await screen.findByRole('table', { name: 'Remotes' })).toBeVisible();
    // The charts load after the status, with their own skeleton.
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });

  it('says the releases could not be loaded, once, when the status fails, and offers Retry', async () => {
    let attempts = 0;
    fakeApi({
      ...releasesRoutes(),
      [STATUS]: () => {
        attempts += 1;
        return attempts === 1
          ? json(500, { detail: 'The server ran into a problem.', code: 'internal' })
          : json(200, releasesStatus());
      },
    });
    const { user } = renderApp('/admin/releases');

    expect(await screen.findByText('The releases could not be loaded.')).toBeVisible();
    expect(document.querySelector('.Toastify__toast')).toBeNull();
    expect(screen.queryByText('The server ran into a problem.')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Remotes' })).toBeVisible();
    expect(attempts).toBe(2);
  });

  it('tells an owner this area is for admins, with a link home, without calling the API', () => {
    loginAs('owner', 3);
    const api = fakeApi({});
    renderApp('/admin/releases');

    expect(
      screen.getByRole('heading', { level: 1, name: 'This area is for admins' }),
    ).toBeVisible();
    expect(screen.getByText('You are signed in as a theater owner.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to your home page' })).toHaveAttribute(
      'href',
      '/owner/theaters',
    );
    expect(api.calls).toHaveLength(0);
  });

  it('tells an admin whose role the server refuses that they have no access, from the 403', async () => {
    const api = fakeApi({
      [STATUS]: () =>
        json(403, {
          detail: 'You do not have permission to perform this action.',
          code: 'forbidden',
        }),
    });
    renderApp('/admin/releases');

    expect(
      await screen.findByText('You do not have access to releases. Only admins can see them.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText('Failed to load releases')).toBeNull();
    // Nor the keys and the history: one refusal, one message, no further calls.
    expect(screen.queryByRole('region', { name: 'Deploy keys' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Release history' })).toBeNull();
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([STATUS]);
  });

  it('refreshes itself every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let canaryPercent = 15;
    const api = fakeApi({
      ...releasesRoutes(),
      [STATUS]: () => {
        const status = releasesStatus();
        const canary = status.remotes.user.canary;
        if (canary) canary.percent = canaryPercent;
        return json(200, status);
      },
    });
    renderApp('/admin/releases');
    await screen.findByRole('table', { name: 'Remotes' });
    expect(api.callsTo(STATUS)).toHaveLength(1);

    canaryPercent = 50;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });

    await waitFor(() => expect(api.callsTo(STATUS)).toHaveLength(2));
    await waitFor(() =>
      expect(cellUnder('Remotes', 'mfe-user', 'Canary')).toBe('1.2.0-cccccccc at 50%'),
    );
  });
});

describe('the Releases tab of the admin panel', () => {
  it('opens from ?tab=releases, and from the sidebar after Users', async () => {
    fakeApi({
      ...releasesRoutes(),
      'GET signup/?role=user&page=1&page_size=20': () =>
        json(200, { count: 0, next: null, previous: null, results: [] }),
    });
    const { user } = renderApp('/admin/adminpanel?tab=users');

    const sidebar = screen.getByRole('navigation', { name: 'Admin panel sections' });
    expect(sidebar).toHaveTextContent(/UsersReleasesEmailsAudit log$/);
    await user.click(screen.getByRole('button', { name: 'Releases' }));

    expect(currentSearch()).toBe('?tab=releases');
    expect(screen.getByRole('heading', { level: 2, name: 'Releases' })).toBeVisible();
    expect(await screen.findByRole('table', { name: 'Remotes' })).toBeVisible();
    expect(cellUnder('Remotes', 'mfe-user', 'Canary')).toBe('1.2.0-cccccccc at 15%');
    expect(screen.getByRole('button', { name: 'Releases' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('shows the releases when the URL names the tab', async () => {
    fakeApi(releasesRoutes());
    renderApp('/admin/adminpanel?tab=releases');

    expect(await screen.findByRole('table', { name: 'Recent changes' })).toBeVisible();
    expect(rowWith('Recent changes', 'system')).toHaveTextContent('Automatic rollback');
  });
});
