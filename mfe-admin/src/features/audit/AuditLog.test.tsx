import { fakeApi, json } from '@cinema/test-utils';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/format';
import { cellsOf, rowWith } from '../../test/lists';
import { renderApp } from '../../test/renderApp';
import { loginAs } from '../../test/session';
import type { AuditPage, AuditRecord } from './api/getAudit';
import { detailsText } from './auditText';

const route = (query = '') => `GET admin/audit/?page=1&page_size=20${query}`;

function record(overrides: Partial<AuditRecord> = {}): AuditRecord {
  return {
    id: 1,
    at: '2026-11-27T08:00:00.000Z',
    actor_id: 2,
    actor: 'olga',
    action: 'sale.changed',
    entity_kind: 'show',
    entity_id: '12',
    details: { before: { high_demand: false }, after: { high_demand: true } },
    request_id: 'req-1',
    ...overrides,
  };
}

const page = (results: AuditRecord[], extra: Partial<AuditPage> = {}): AuditPage => ({
  results,
  count: results.length,
  count_exact: true,
  page: 1,
  page_size: 20,
  ...extra,
});

describe('AuditLog', () => {
  it('lists who changed what, newest first, with what changed', async () => {
    fakeApi({
      [route()]: () =>
        json(
          200,
          page([
            record(),
            record({
              id: 2,
              actor_id: null,
              actor: 'system',
              action: 'rollout.rolled_back',
              entity_kind: 'remote',
              entity_id: 'user',
              details: { before: null, after: { canary: null, reason: 'Error rate 25 %' } },
            }),
          ]),
        ),
    });
    renderApp('/admin/audit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    await screen.findByRole('table', { name: 'Audit log' });
    const headers = within(screen.getByRole('table', { name: 'Audit log' }))
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['When', 'Who', 'Action', 'What', 'Details']);
    expect(cellsOf(rowWith('Audit log', 'olga'))).toEqual([
      formatDateTime('2026-11-27T08:00:00.000Z'),
      'olga',
      'Sale changed',
      'Show 12',
      'high_demand: false → true',
    ]);
    expect(rowWith('Audit log', 'system')).toHaveTextContent('Rollout rolled back');
    expect(rowWith('Audit log', 'system')).toHaveTextContent('reason: — → Error rate 25 %');
  });

  it('sends the filters, keeps them in the address, and pages through the results', async () => {
    const api = fakeApi({
      [route()]: () => json(200, page([record()])),
      [route('&actor=olga&action=show.created&from=2026-11-01&to=2026-11-30')]: () =>
        json(
          200,
          page([record({ id: 3, action: 'show.created', details: { movie: 4 } })], { count: 41 }),
        ),
      'GET admin/audit/?page=2&page_size=20&actor=olga&action=show.created&from=2026-11-01&to=2026-11-30':
        () =>
          json(
            200,
            page([record({ id: 4, actor: 'olga', details: { movie: 5 } })], { count: 41, page: 2 }),
          ),
    });
    renderApp('/admin/audit');
    await screen.findByRole('table', { name: 'Audit log' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Who'), 'olga');
    await user.selectOptions(screen.getByLabelText('Action'), 'Show scheduled');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('movie: 4')).toBeVisible();
    // The form shows the filters in force.
    expect(screen.getByLabelText('Who')).toHaveValue('olga');
    await user.click(screen.getByRole('button', { name: /next/i }));
    expect(await screen.findByText('movie: 5')).toBeVisible();
    expect(api.callsTo(route())).toHaveLength(1);
  });

  it('says when no record matches', async () => {
    fakeApi({ [route('&actor=nobody')]: () => json(200, page([])) });
    renderApp('/admin/audit?actor=nobody');
    expect(await screen.findByText('No records match.')).toBeVisible();
  });

  it('shows the server’s reason for a bad filter', async () => {
    fakeApi({
      [route('&from=2026-11-30&to=2026-11-01')]: () =>
        json(400, {
          detail: 'The "from" date must not be after the "to" date.',
          error: 'The "from" date must not be after the "to" date.',
          code: 'validation_error',
          fields: { from: 'The "from" date must not be after the "to" date.' },
        }),
    });
    renderApp('/admin/audit?from=2026-11-30&to=2026-11-01');
    expect(
      await screen.findByText('The "from" date must not be after the "to" date.'),
    ).toBeVisible();
    // The same request would be refused again: no Retry button.
    expect(screen.queryByRole('button', { name: /retry/i })).toBeNull();
  });

  it('is a tab of the admin panel', async () => {
    fakeApi({ [route()]: () => json(200, page([record()])) });
    renderApp('/admin/adminpanel?tab=audit');
    expect(await screen.findByRole('heading', { level: 2, name: 'Audit log' })).toBeVisible();
    expect(await screen.findByRole('table', { name: 'Audit log' })).toBeVisible();
  });

  it('is the admin’s only: an owner is not shown it', async () => {
    loginAs('owner');
    const api = fakeApi({});
    renderApp('/admin/audit');
    expect(await screen.findByRole('heading', { name: 'This area is for admins' })).toBeVisible();
    expect(api.calls).toHaveLength(0);
  });
});

describe('detailsText', () => {
  it('gives what was set, or before and after of what changed only', () => {
    expect(detailsText({ name: 'PVR', rows: 3 })).toBe('name: PVR · rows: 3');
    expect(
      detailsText({
        before: { stable: '1.0.0', canary: '1.1.0' },
        after: { stable: '1.1.0', canary: null },
      }),
    ).toBe('stable: 1.0.0 → 1.1.0 · canary: 1.1.0 → —');
    expect(detailsText({})).toBe('');
  });
});
