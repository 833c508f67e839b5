import { deferred, fakeApi, json } from '@cinema/test-utils';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/format';
import { auditPage, auditRecord, auditRecords, releaseAudit } from '../../test/deployKeys';
import { cellsOf } from '../../test/lists';
import { releasesRoutes } from '../../test/releases';
import { renderApp } from '../../test/renderApp';

// The page renders the status first, then these sections: on a loaded machine that is more
// than findBy's default second.
const PAGE_LOAD = { timeout: 5_000 };

const rowsOf = (name: string) =>
  within(screen.getByRole('table', { name })).getAllByRole('row').slice(1).map(cellsOf);

describe('Release history on the Releases page', () => {
  it('lists every release action newest first: when, who, the action in words, remote, what changed and why', async () => {
    fakeApi(releasesRoutes());
    renderApp('/admin/releases');

    const section = await screen.findByRole('region', { name: 'Release history' }, PAGE_LOAD);
    await within(section).findByRole('table', { name: 'Release history' }, PAGE_LOAD);
    expect(within(section).getByRole('heading', { level: 2 })).toHaveTextContent('Release history');
    expect(
      within(screen.getByRole('table', { name: 'Release history' }))
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['When', 'Who', 'Action', 'Remote', 'What changed', 'Why']);
    expect(rowsOf('Release history')).toEqual([
      [
        formatDateTime('2026-11-10T14:30:00Z'),
        'system',
        'Rollout rolled back',
        'mfe-owner',
        'canary 2.1.0-eeeeeeee (10%) → none',
        'Automatic rollback: 4 of 5 recent reporters of 2.1.0-eeeeeeee failed.',
      ],
      [
        formatDateTime('2026-11-10T09:00:00Z'),
        'owner-ci (deploy key)',
        'Release published',
        'mfe-owner',
        'published 2.1.0-eeeeeeee',
        '—',
      ],
      [
        formatDateTime('2026-11-01T09:00:00Z'),
        'root',
        'Deploy key created',
        'mfe-owner',
        `key owner-ci for mfe-owner: publish, canary, rollout; expires ${formatDateTime('2099-01-30T09:00:00Z')}`,
        '—',
      ],
      [
        formatDateTime('2026-11-09T08:05:00Z'),
        'root',
        'Canary set',
        'mfe-user',
        'canary none → 1.2.0-cccccccc (15%)',
        'Try the new seat map on a few',
      ],
    ]);
    // One page: no pages to move through.
    const pages = screen.getByRole('navigation', { name: 'Release history pages' });
    expect(pages).toHaveTextContent('Page 1 of 1');
  });

  it('filters by remote, back to page 1, and says when a remote has none', async () => {
    const owner = auditRecords().filter((record) => record.remote === 'owner');
    const api = fakeApi({
      ...releasesRoutes(),
      [releaseAudit(2)]: () =>
        json(200, auditPage([auditRecord({ id: 1 })], { count: 21, page: 2 })),
      [releaseAudit(1)]: () => json(200, auditPage(auditRecords(), { count: 21 })),
      [releaseAudit(1, 'owner')]: () => json(200, auditPage(owner)),
      [releaseAudit(1, 'auth')]: () => json(200, auditPage([])),
    });
    const { user } = renderApp('/admin/releases');
    const section = await screen.findByRole('region', { name: 'Release history' }, PAGE_LOAD);
    await within(section).findByRole('table', { name: 'Release history' }, PAGE_LOAD);
    await user.click(within(section).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(section).toHaveTextContent('Page 2 of 2'));

    await user.selectOptions(within(section).getByLabelText('Remote'), 'mfe-owner');

    const table = await within(section).findByRole('table', {
      name: 'Release history of mfe-owner',
    });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => cellsOf(row)[3]),
    ).toEqual(['mfe-owner', 'mfe-owner', 'mfe-owner']);
    expect(section).toHaveTextContent('Page 1 of 1');
    expect(api.callsTo(releaseAudit(1, 'owner'))).toHaveLength(1);

    await user.selectOptions(within(section).getByLabelText('Remote'), 'mfe-auth');
    expect(await within(section).findByText('No release actions on mfe-auth yet.')).toBeVisible();

    await user.selectOptions(within(section).getByLabelText('Remote'), 'All remotes');
    expect(await within(section).findByRole('table', { name: 'Release history' })).toBeVisible();
  });

  it('keeps the rows on screen, marked busy, while the next page loads', async () => {
    const next = deferred<Response>();
    fakeApi({
      ...releasesRoutes(),
      [releaseAudit(1)]: () => json(200, auditPage(auditRecords(), { count: 45 })),
      [releaseAudit(2)]: () => next.promise,
    });
    const { user } = renderApp('/admin/releases');
    const section = await screen.findByRole('region', { name: 'Release history' }, PAGE_LOAD);
    await within(section).findByRole('table', { name: 'Release history' }, PAGE_LOAD);
    expect(section).toHaveTextContent('Page 1 of 3');

    await user.click(within(section).getByRole('button', { name: 'Next' }));
    expect(within(section).getByRole('table', { name: 'Release history' })).toBeVisible();
    await waitFor(() => expect(section.querySelector('[aria-busy="true"]')).not.toBeNull());
    next.resolve(
      json(200, auditPage([auditRecord({ id: 2, reason: 'Second page' })], { count: 45, page: 2 })),
    );
    expect(await within(section).findByText('Second page')).toBeVisible();
    expect(section).toHaveTextContent('Page 2 of 3');
  });

  it('says when it cannot be loaded, and offers Retry', async () => {
    let attempts = 0;
    fakeApi({
      ...releasesRoutes(),
      [releaseAudit(1)]: () => {
        attempts += 1;
        return attempts === 1
          ? json(500, { detail: 'The server ran into a problem.', code: 'internal' })
          : json(200, auditPage(auditRecords()));
      },
    });
    const { user } = renderApp('/admin/releases');
    const section = await screen.findByRole('region', { name: 'Release history' }, PAGE_LOAD);

    expect(
      await within(section).findByText('The release history could not be loaded.'),
    ).toBeVisible();
    // Once, where it would be: no toast besides.
    expect(document.querySelector('.Toastify__toast')).toBeNull();
    await user.click(within(section).getByRole('button', { name: 'Retry' }));
    expect(await within(section).findByRole('table', { name: 'Release history' })).toBeVisible();
  });
});
