// The date range of the report: the default, From and To applied and kept in the URL, and the
// answers to a range the server or the form refuses.
import { currentSearch, fakeApi, json } from '@cinema/test-utils';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { salesReport } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { loginAs } from '../../test/session';

const WEEK = '/reports?from=2026-11-01&to=2026-11-07';
const WEEK_CALL = 'GET reports/?from=2026-11-01&to=2026-11-07';

describe('ReportsPage', () => {
  it('asks for the last 30 days to the next 30 by default', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 15, 12, 0) });
    loginAs('admin');
    const api = fakeApi({
      'GET reports/?from=2026-10-16&to=2026-12-15': () =>
        json(200, salesReport({ from: '2026-10-16', to: '2026-12-15' })),
    });
    renderApp('/reports');

    expect(screen.getByLabelText('From')).toHaveValue('2026-10-16');
    expect(screen.getByLabelText('To')).toHaveValue('2026-12-15');
    const chart = await screen.findByRole('img', { name: /^Revenue per day/ });
    expect(chart.querySelectorAll('g[data-point]')).toHaveLength(61);
    expect(api.calls).toHaveLength(1);
  });

  it('sends the chosen From and To on Apply and keeps them in the URL', async () => {
    const api = fakeApi({
      [WEEK_CALL]: () => json(200, salesReport()),
      'GET reports/?from=2026-10-01&to=2026-10-31': () =>
        json(200, salesReport({ from: '2026-10-01', to: '2026-10-31', by_day: [] })),
    });
    const { user } = renderApp(WEEK);
    await screen.findByRole('heading', { name: 'Summary' });

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-10-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-10-31' } });
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    const chart = await screen.findByRole('img', { name: /^Revenue per day from/ });
    expect(api.callsTo('GET reports/?from=2026-10-01&to=2026-10-31')).toHaveLength(1);
    expect(currentSearch()).toBe('?from=2026-10-01&to=2026-10-31');
    expect(chart.querySelectorAll('g[data-point]')).toHaveLength(31);
    expect(chart).toHaveAccessibleName(expect.stringContaining('no revenue on any of the 31 days'));
  });

  it("shows the server's message for a reversed range", async () => {
    fakeApi({
      [WEEK_CALL]: () => json(200, salesReport()),
      'GET reports/?from=2026-11-30&to=2026-11-01': () =>
        json(400, {
          detail: 'The start date must not be after the end date.',
          error: 'The start date must not be after the end date.',
          code: 'invalid_range',
        }),
    });
    const { user } = renderApp(WEEK);
    await screen.findByRole('heading', { name: 'Summary' });

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-30' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The start date must not be after the end date.',
    );
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-30');
  });

  it('asks for both dates before applying', async () => {
    const api = fakeApi({ [WEEK_CALL]: () => json(200, salesReport()) });
    const { user } = renderApp(WEEK);
    await screen.findByRole('heading', { name: 'Summary' });

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(screen.getByText('Choose a start date.')).toBeVisible();
    expect(api.calls).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-02' } });
    expect(screen.queryByText('Choose a start date.')).toBeNull();
  });
});
