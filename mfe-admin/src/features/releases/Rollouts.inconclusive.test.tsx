// A rollout the registry paused as inconclusive (too little traffic for several windows) on the
// Releases page: told apart from a person's pause, with what was missing, resume and abort; and a
// holding step says when it will become inconclusive.
import { fakeApi, json } from '@cinema/test-utils';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../lib/format';
import { releasesRoutes, releasesStatus, rolloutPlan, STATUS } from '../../test/releases';
import { renderApp } from '../../test/renderApp';

const REASON =
  'Inconclusive: after 3 windows of 15 min the canary had 12 views (30 needed) from 2 reporters (4 needed).';

describe('an inconclusive rollout on the Releases page', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows it apart from a pause by a person, with what was missing; resume runs it again', async () => {
    let state: 'inconclusive' | 'running' = 'inconclusive';
    const api = fakeApi({
      ...releasesRoutes(),
      [STATUS]: () => {
        const status = releasesStatus();
        status.remotes.user.rollout =
          state === 'inconclusive'
            ? rolloutPlan({ state, next_step_at: null, reason: REASON })
            : rolloutPlan({ state });
        return json(200, status);
      },
      'POST releases/user/rollout/resume/': () => {
        state = 'running';
        return json(200, { rollout: rolloutPlan({ state }) });
      },
    });
    const { user } = renderApp('/admin/releases');

    const region = await screen.findByRole('region', { name: 'mfe-user' });
    expect(
      await within(region).findByText('Inconclusive: paused for lack of traffic'),
    ).toBeVisible();
    expect(within(region).queryByText('Paused')).toBeNull();
    expect(within(region).getByText(REASON)).toBeVisible();
    expect(region).toHaveTextContent(
      'Paused by the registry, not by a person: the canary stays at 15%. Resume to judge the step again from the start, or abort to roll the canary back.',
    );
    expect(within(region).queryByText(/^Next step/)).toBeNull();
    expect(within(region).queryByRole('button', { name: 'Pause rollout' })).toBeNull();
    expect(within(region).getByRole('button', { name: 'Abort rollout' })).toBeVisible();
    expect(
      screen.getByText(
        /after 3 such windows \(a step's interval each\) the rollout pauses as inconclusive/,
      ),
    ).toBeVisible();

    await user.click(within(region).getByRole('button', { name: 'Resume rollout' }));
    const dialog = screen.getByRole('dialog', { name: 'Resume the rollout of mfe-user?' });
    expect(dialog).toHaveTextContent('The step at 15% begins again');
    await user.click(within(dialog).getByRole('button', { name: 'Resume rollout' }));

    expect(await within(region).findByText('Running')).toBeVisible();
    expect(api.callsTo('POST releases/user/rollout/resume/')).toHaveLength(1);
    expect(within(region).queryByText(REASON)).toBeNull();
    expect(within(region).queryByText(/^Paused by the registry/)).toBeNull();
    expect(within(region).getByRole('button', { name: 'Pause rollout' })).toBeVisible();
  });

  it('a holding step says when it becomes inconclusive unless traffic comes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-09T08:16:00Z') });
    const status = releasesStatus();
    status.remotes.user.rollout = rolloutPlan({
      state: 'holding',
      next_step_at: '2026-11-09T08:50:00Z',
      reason: 'Too little traffic to judge: 2 of 4 reporters.',
    });
    fakeApi(releasesRoutes(status));
    renderApp('/admin/releases');

    const region = await screen.findByRole('region', { name: 'mfe-user' });
    expect(await within(region).findByText('Holding: too little traffic')).toBeVisible();
    expect(region).toHaveTextContent(
      `Judged again every few seconds; inconclusive in 34 min (${formatDateTime('2026-11-09T08:50:00Z')}) unless the canary gets enough traffic first.`,
    );
    expect(within(region).queryByText(/^Next step/)).toBeNull();
    expect(within(region).getByRole('button', { name: 'Pause rollout' })).toBeVisible();
  });
});
