// The rollout plans and the canary's health on the Releases page: steps, state, charts, and the
// pause and abort actions.
import { fakeApi, json } from '@cinema/test-utils';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../lib/format';
import { cellsOf } from '../../test/lists';
import { health, releasesRoutes, releasesStatus, rolloutPlan, STATUS } from '../../test/releases';
import { renderApp } from '../../test/renderApp';

describe('rollouts and health on the Releases page', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the plan: version, steps with the current one, state and the time to the next step', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-09T08:16:00Z') });
    fakeApi(releasesRoutes());
    renderApp('/admin/releases');

    const user = await screen.findByRole('region', { name: 'mfe-user' });
    expect(user).toHaveTextContent('Rollout of 1.2.0-cccccccc, a step every 15 min:');
    expect(within(user).getByText('Running')).toBeVisible();
    const steps = within(user).getByRole('list', { name: 'Steps' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual(['5% ✓', '15% (current)', '50%', '100%']);
    expect(within(steps).getByText('15%', { exact: false })).toHaveAttribute(
      'aria-current',
      'step',
    );
    expect(user).toHaveTextContent(
      `Next step in 4 min (${formatDateTime('2026-11-09T08:20:00Z')})`,
    );
    // A remote without a plan says so; one never published is not listed.
    expect(
      within(screen.getByRole('region', { name: 'mfe-owner' })).getByText('No rollout plan.'),
    ).toBeVisible();
    expect(screen.queryByRole('region', { name: 'mfe-auth' })).toBeNull();
    expect(
      screen.getByText(/with fewer than 30 canary views or 3 reporters it holds/),
    ).toBeVisible();
  });

  it('compares canary with stable over the window: views, error rate and p75 vitals', async () => {
    fakeApi(releasesRoutes());
    renderApp('/admin/releases');

    const table = await screen.findByRole('table', {
      name: `Health of mfe-user since ${formatDateTime('2026-11-09T08:05:00Z')}`,
    });
    const rows = within(table).getAllByRole('row').slice(1).map(cellsOf);
    expect(rows).toEqual([
      [
        'Stable',
        '1.1.0-bbbbbbbb',
        '40',
        '812',
        '3',
        '0.4%',
        '1,840 ms (640)',
        '180 ms (410)',
        '0.02 (700)',
      ],
      [
        'Canary',
        '1.2.0-cccccccc',
        '9',
        '64',
        '1',
        '1.6%',
        '1,910 ms (50)',
        '205 ms (38)',
        '0.03 (55)',
      ],
    ]);
  });

  it('charts each live version’s error rate and p75 vitals, with the figures as a table', async () => {
    const api = fakeApi(releasesRoutes());
    const { user } = renderApp('/admin/releases');

    const chart = await screen.findByRole('img', {
      name: /^INP p75 of 1.2.0-cccccccc \(canary\) over the last 24 hours: highest 412 ms at /,
    });
    expect(chart.querySelectorAll('g[data-point]')).toHaveLength(3);
    expect(
      screen.getByRole('img', {
        name: /^Error rate of 1.1.0-bbbbbbbb \(stable\) over the last 24 hours: highest 1%.*290 views in all\.$/,
      }),
    ).toBeVisible();
    expect(api.callsTo(health('user'))).toHaveLength(1);

    await user.click(
      screen.getByRole('button', { name: 'Show the INP p75 of 1.2.0-cccccccc as a table' }),
    );
    const figures = screen.getByRole('table', { name: 'INP p75 of 1.2.0-cccccccc' });
    expect(
      within(figures)
        .getAllByRole('row')
        .slice(1)
        .map(cellsOf)
        .map((row) => row.slice(1)),
    ).toEqual([
      ['0', '—'],
      ['20', '412 ms'],
      ['30', '—'],
    ]);
    expect(
      within(screen.getByRole('region', { name: 'mfe-owner' })).getByText(
        'No health reports for mfe-owner in the last 24 hours.',
      ),
    ).toBeVisible();
  });

  it('pauses a running rollout after confirmation, and Back asks nothing of the API', async () => {
    let state: 'running' | 'paused' = 'running';
    const api = fakeApi({
      ...releasesRoutes(),
      [STATUS]: () => {
        const status = releasesStatus();
        status.remotes.user.rollout = rolloutPlan({ state });
        return json(200, status);
      },
      'POST releases/user/rollout/pause/': () => {
        state = 'paused';
        return json(200, { rollout: rolloutPlan({ state }) });
      },
    });
    const { user } = renderApp('/admin/releases');

    await user.click(await screen.findByRole('button', { name: 'Pause rollout' }));
    const dialog = screen.getByRole('dialog', { name: 'Pause the rollout of mfe-user?' });
    expect(dialog).toHaveTextContent('The canary stays at 15% and no step is taken');
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('POST releases/user/rollout/pause/')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Pause rollout' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Pause rollout' }),
    );
    const region = screen.getByRole('region', { name: 'mfe-user' });
    expect(await within(region).findByText('Paused')).toBeVisible();
    expect(api.callsTo('POST releases/user/rollout/pause/')).toHaveLength(1);
    // Paused: resume or abort; no time to the next step.
    expect(within(region).getByRole('button', { name: 'Resume rollout' })).toBeVisible();
    expect(within(region).queryByRole('button', { name: 'Pause rollout' })).toBeNull();
    expect(within(region).queryByText(/^Next step/)).toBeNull();
  });

  it('aborts a rollout after confirmation and shows why it ended', async () => {
    let aborted = false;
    const api = fakeApi({
      ...releasesRoutes(),
      [STATUS]: () => {
        const status = releasesStatus();
        status.remotes.user.rollout = aborted
          ? rolloutPlan({
              state: 'aborted',
              next_step_at: null,
              reason: 'Rollout aborted by root.',
            })
          : rolloutPlan({
              state: 'holding',
              reason: 'Too little traffic to judge: 12 of 30 views.',
            });
        return json(200, status);
      },
      'POST releases/user/rollout/abort/': () => {
        aborted = true;
        return json(200, { rollout: rolloutPlan({ state: 'aborted' }) });
      },
    });
    const { user } = renderApp('/admin/releases');

    const region = await screen.findByRole('region', { name: 'mfe-user' });
    expect(await within(region).findByText('Holding: too little traffic')).toBeVisible();
    expect(region).toHaveTextContent('Too little traffic to judge: 12 of 30 views.');
    await user.click(within(region).getByRole('button', { name: 'Abort rollout' }));
    const dialog = screen.getByRole('dialog', { name: 'Abort the rollout of mfe-user?' });
    expect(dialog).toHaveTextContent('The canary 1.2.0-cccccccc is rolled back at once');
    await user.click(within(dialog).getByRole('button', { name: 'Abort rollout' }));

    expect(await within(region).findByText('Rollout aborted by root.')).toBeVisible();
    expect(within(region).getByText('Aborted')).toBeVisible();
    expect(api.callsTo('POST releases/user/rollout/abort/')).toHaveLength(1);
    expect(within(region).queryByRole('button', { name: /rollout$/ })).toBeNull();
  });

  it('shows an automatic rollback’s reason, naming the measure', async () => {
    const status = releasesStatus();
    status.remotes.user.rollout = rolloutPlan({
      state: 'rolled_back',
      next_step_at: null,
      reason: 'Automatic rollback: INP p75 412 ms vs 180 ms on stable (38 samples).',
    });
    fakeApi(releasesRoutes(status));
    renderApp('/admin/releases');

    const region = await screen.findByRole('region', { name: 'mfe-user' });
    expect(within(region).getByText('Rolled back')).toBeVisible();
    expect(
      within(region).getByText(
        'Automatic rollback: INP p75 412 ms vs 180 ms on stable (38 samples).',
      ),
    ).toBeVisible();
  });

  it('says why an action was refused', async () => {
    fakeApi({
      ...releasesRoutes(),
      'POST releases/user/rollout/pause/': () =>
        json(409, { detail: 'The rollout is not running.', code: 'rollout_not_running' }),
    });
    const { user } = renderApp('/admin/releases');

    await user.click(await screen.findByRole('button', { name: 'Pause rollout' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Pause rollout' }),
    );
    const region = screen.getByRole('region', { name: 'mfe-user' });
    expect(await within(region).findByText('The rollout is not running.')).toHaveAttribute(
      'role',
      'alert',
    );
  });
});
