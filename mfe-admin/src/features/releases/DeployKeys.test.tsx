import { fakeApi, json } from '@cinema/test-utils';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/format';
import {
  CREATE_KEY,
  createdKey,
  deployKey,
  deployKeys,
  KEYS,
  releaseAudit,
  revokeKey,
} from '../../test/deployKeys';
import { cellUnder, rowWith } from '../../test/lists';
import { releasesRoutes } from '../../test/releases';
import { renderApp } from '../../test/renderApp';

// The page renders the status first, then these sections: on a loaded machine that is more
// than findBy's default second.
const PAGE_LOAD = { timeout: 5_000 };

const KEY_TABLE = 'Deploy keys';

describe('Deploy keys on the Releases page', () => {
  it('lists each key: remote, allowed actions, expiry, last use, who made it and its state', async () => {
    fakeApi(releasesRoutes());
    renderApp('/admin/releases');

    const section = await screen.findByRole('region', { name: 'Deploy keys' }, PAGE_LOAD);
    expect(within(section).getByRole('heading', { level: 2, name: 'Deploy keys' })).toBeVisible();
    await screen.findByRole('table', { name: KEY_TABLE }, PAGE_LOAD);
    expect(cellUnder(KEY_TABLE, 'owner-ci', 'Remote')).toBe('mfe-owner');
    expect(cellUnder(KEY_TABLE, 'owner-ci', 'Allowed actions')).toBe('publish, canary, rollout');
    expect(cellUnder(KEY_TABLE, 'owner-ci', 'Expires')).toBe(
      formatDateTime('2099-01-30T09:00:00Z'),
    );
    expect(cellUnder(KEY_TABLE, 'owner-ci', 'Last used')).toBe(
      formatDateTime('2026-11-09T08:05:00Z'),
    );
    expect(cellUnder(KEY_TABLE, 'owner-ci', 'Created')).toBe(
      `${formatDateTime('2026-11-01T09:00:00Z')}by root`,
    );
    expect(cellUnder(KEY_TABLE, 'owner-ci', 'State')).toBe('✓Active');
    expect(cellUnder(KEY_TABLE, 'user-ci-2025', 'Last used')).toBe('Never');
    expect(cellUnder(KEY_TABLE, 'user-ci-2025', 'State')).toBe('–Expired');
    expect(cellUnder(KEY_TABLE, 'auth-old', 'State')).toBe(
      `✕Revoked${formatDateTime('2025-09-01T10:00:00Z')} by root`,
    );
    // A revoked key cannot be revoked again; an expired one can (it would still be refused).
    expect(within(rowWith(KEY_TABLE, 'auth-old')).queryByRole('button')).toBeNull();
    expect(screen.getByRole('button', { name: 'Revoke user-ci-2025' })).toBeVisible();
    // The secret of an existing key is never on the page: the API does not have it.
    expect(document.body).not.toHaveTextContent(/cdk_/);
  });

  it('says so when there is no key yet', async () => {
    fakeApi({ ...releasesRoutes(), [KEYS]: () => json(200, { results: [] }) });
    renderApp('/admin/releases');

    expect(await screen.findByText('No deploy keys yet.')).toBeVisible();
    expect(screen.queryByRole('table', { name: KEY_TABLE })).toBeNull();
  });

  it('creates a key and shows it once, with a copy button, until it is dismissed', async () => {
    let listed = deployKeys();
    const api = fakeApi({
      ...releasesRoutes(),
      [KEYS]: () => json(200, { results: listed }),
      [CREATE_KEY]: () => {
        const { key: _secret, ...stored } = createdKey();
        listed = [stored, ...listed];
        return json(201, createdKey());
      },
    });
    const { user } = renderApp('/admin/releases');
    await screen.findByRole('table', { name: KEY_TABLE }, PAGE_LOAD);
    const form = screen.getByRole('form', { name: 'New deploy key' });

    await user.type(within(form).getByLabelText('Name'), 'admin-ci');
    await user.selectOptions(within(form).getByLabelText('Remote'), 'mfe-admin');
    await user.click(within(form).getByRole('checkbox', { name: /^publish/ }));
    await user.click(within(form).getByRole('checkbox', { name: /^canary/ }));
    const days = within(form).getByLabelText('Expires in (days)');
    await user.clear(days);
    await user.type(days, '30');
    await user.click(within(form).getByRole('button', { name: 'Create deploy key' }));

    const heading = await screen.findByRole('heading', { name: 'Deploy key admin-ci created' });
    expect(heading).toHaveFocus();
    expect(api.callsTo(CREATE_KEY)[0]?.body).toEqual({
      name: 'admin-ci',
      remote: 'admin',
      actions: ['publish', 'canary'],
      expires_in_days: 30,
    });
    const secret = createdKey().key;
    expect(screen.getByLabelText('The key for mfe-admin')).toHaveValue(secret);
    expect(screen.getByText('Copy it now: it will not be shown again.')).toBeVisible();
    expect(screen.getByText('Copy the key now: it will not be shown again.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'New deploy key' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe(secret);
    expect(await screen.findByText('Copied to the clipboard.')).toBeVisible();

    // The list and the history refresh: the new key is in the table, without its secret.
    await waitFor(() => expect(cellUnder(KEY_TABLE, 'admin-ci', 'Remote')).toBe('mfe-admin'));
    expect(api.callsTo(KEYS)).toHaveLength(2);
    expect(api.callsTo(releaseAudit())).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'I have stored the key' }));
    expect(document.body).not.toHaveTextContent(secret);
    expect(screen.queryByDisplayValue(secret)).toBeNull();
    const again = screen.getByRole('form', { name: 'New deploy key' });
    await waitFor(() => expect(within(again).getByLabelText('Name')).toHaveFocus());
    expect(within(again).getByLabelText('Name')).toHaveValue('');
    expect(within(again).getByRole('checkbox', { name: /^publish/ })).not.toBeChecked();
  });

  it("shows the API's 400 messages under their fields, and each clears when its field is edited", async () => {
    const api = fakeApi({
      ...releasesRoutes(),
      [CREATE_KEY]: () =>
        json(400, {
          detail: 'Use 1 to 60 characters: a-z, 0-9, dot, dash or underscore.',
          code: 'validation_error',
          fields: {
            name: 'Use 1 to 60 characters: a-z, 0-9, dot, dash or underscore.',
            remote: 'Choose one of: auth, user, owner, admin.',
            actions:
              'Choose one or more of: publish, preview, canary, rollout, promote, rollback, each once.',
            expires_in_days: 'A whole number of days from 1 to 365.',
          },
        }),
    });
    const { user } = renderApp('/admin/releases');
    const form = await screen.findByRole('form', { name: 'New deploy key' }, PAGE_LOAD);

    await user.type(within(form).getByLabelText('Name'), 'Owner CI');
    const days = within(form).getByLabelText('Expires in (days)');
    await user.clear(days);
    await user.type(days, '400');
    await user.click(within(form).getByRole('button', { name: 'Create deploy key' }));

    const name = within(form).getByLabelText('Name');
    await waitFor(() => expect(name).toHaveAccessibleDescription(/Use 1 to 60 characters/));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Remote')).toHaveAccessibleDescription(
      'Choose one of: auth, user, owner, admin.',
    );
    expect(
      within(form).getByRole('group', { name: 'Allowed actions' }),
    ).toHaveAccessibleDescription(/Choose one or more of: publish/);
    expect(within(form).getByRole('checkbox', { name: /^rollback/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(days).toHaveAccessibleDescription(/A whole number of days from 1 to 365\./);
    expect(api.callsTo(CREATE_KEY)[0]?.body).toEqual({
      name: 'Owner CI',
      remote: '',
      actions: [],
      expires_in_days: 400,
    });
    // Nothing was created: no key on the page.
    expect(screen.queryByRole('heading', { name: /created$/ })).toBeNull();

    await user.type(name, 'x');
    expect(name).not.toHaveAttribute('aria-invalid');
    await user.click(within(form).getByRole('checkbox', { name: /^publish/ }));
    expect(within(form).queryByText(/Choose one or more of/)).toBeNull();
  });

  it('says a taken name above the button (409)', async () => {
    fakeApi({
      ...releasesRoutes(),
      [CREATE_KEY]: () =>
        json(409, {
          detail: 'A deploy key named owner-ci exists already.',
          code: 'deploy_key_name_taken',
        }),
    });
    const { user } = renderApp('/admin/releases');
    const form = await screen.findByRole('form', { name: 'New deploy key' }, PAGE_LOAD);

    await user.type(within(form).getByLabelText('Name'), 'owner-ci');
    await user.selectOptions(within(form).getByLabelText('Remote'), 'mfe-owner');
    await user.click(within(form).getByRole('checkbox', { name: /^publish/ }));
    await user.click(within(form).getByRole('button', { name: 'Create deploy key' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'A deploy key named owner-ci exists already.',
    );
    expect(within(form).getByLabelText('Name')).toHaveValue('owner-ci');
  });

  it('revokes a key only after the confirmation, and says so where focus lands', async () => {
    let listed = deployKeys();
    const revoked = deployKey({
      state: 'revoked',
      revoked_at: '2026-11-27T10:00:00Z',
      revoked_by: 'admin',
    });
    const api = fakeApi({
      ...releasesRoutes(),
      [KEYS]: () => json(200, { results: listed }),
      [revokeKey(7)]: () => {
        listed = [revoked, ...listed.slice(1)];
        return json(200, revoked);
      },
    });
    const { user } = renderApp('/admin/releases');
    await screen.findByRole('table', { name: KEY_TABLE }, PAGE_LOAD);

    await user.click(screen.getByRole('button', { name: 'Revoke owner-ci' }));
    let dialog = screen.getByRole('dialog', { name: 'Revoke the deploy key owner-ci?' });
    expect(dialog).toHaveTextContent(
      'Every pipeline that releases mfe-owner with this key is refused from now on.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo(revokeKey(7))).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Revoke owner-ci' }));
    dialog = screen.getByRole('dialog', { name: 'Revoke the deploy key owner-ci?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke key' }));

    const notice = await screen.findByText(
      'Deploy key owner-ci revoked: it is refused from now on.',
    );
    await waitFor(() => expect(notice).toHaveFocus());
    expect(api.callsTo(revokeKey(7))).toHaveLength(1);
    await waitFor(() =>
      expect(cellUnder(KEY_TABLE, 'owner-ci', 'State')).toBe(
        `✕Revoked${formatDateTime('2026-11-27T10:00:00Z')} by admin`,
      ),
    );
    expect(screen.queryByRole('button', { name: 'Revoke owner-ci' })).toBeNull();
  });

  it('shows why a revocation was refused (409: someone was quicker)', async () => {
    fakeApi({
      ...releasesRoutes(),
      [revokeKey(7)]: () =>
        json(409, {
          detail: 'The deploy key owner-ci is revoked already.',
          code: 'deploy_key_revoked',
        }),
    });
    const { user } = renderApp('/admin/releases');
    await screen.findByRole('table', { name: KEY_TABLE }, PAGE_LOAD);

    await user.click(screen.getByRole('button', { name: 'Revoke owner-ci' }));
    await user.click(screen.getByRole('button', { name: 'Revoke key' }));

    const section = screen.getByRole('region', { name: 'Deploy keys' });
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'The deploy key owner-ci is revoked already.',
    );
  });
});
