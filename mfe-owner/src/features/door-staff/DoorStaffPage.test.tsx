import { deferred, fakeApi, json, type Routes } from '@cinema/test-utils';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';

const member = (over: Record<string, unknown> = {}) => ({
  id: 5,
  email: 'dora@example.com',
  status: 'active',
  invited_at: '2026-11-20T10:00:00Z',
  username: 'dora',
  ...over,
});

/** The page also shows the signing keys (pages/door/DoorPage.tsx): none here. */
const staffApi = (routes: Routes) =>
  fakeApi({ 'GET tickets/signing-keys/': () => json(200, { results: [] }), ...routes });

const emailField = () => screen.getByLabelText('Email');
const sendButton = () => screen.getByRole('button', { name: 'Send invitation' });

describe('DoorStaffPage', () => {
  it('is titled Door staff and says so when there is nobody yet', async () => {
    staffApi({ 'GET door-staff/': () => json(200, { results: [] }) });
    renderApp('/owner/door-staff');

    expect(screen.getByRole('heading', { level: 1, name: 'Door staff' })).toBeVisible();
    expect(document.title).toBe('Door staff · CineBook');
    expect(await screen.findByText(/No door staff yet/)).toBeVisible();
    expect(screen.getByRole('form', { name: 'Invite door staff' })).toBeVisible();
  });

  it('lists invited and active door staff with their status', async () => {
    staffApi({
      'GET door-staff/': () =>
        json(200, {
          results: [
            member({ id: 6, email: 'new@example.com', status: 'invited', username: null }),
            member(),
          ],
        }),
    });
    renderApp('/owner/door-staff');

    const table = await screen.findByRole('table', { name: 'Door staff' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/new@example\.com—.*Invited/),
      expect.stringMatching(/dora@example\.comdora.*Active/),
    ]);
    expect(screen.getByRole('button', { name: 'Remove new@example.com' })).toBeVisible();
  });

  it('requires a valid email before sending anything, and clears the message when edited', async () => {
    const api = staffApi({ 'GET door-staff/': () => json(200, { results: [] }) });
    const { user } = renderApp('/owner/door-staff');

    await user.click(sendButton());
    expect(screen.getByText('Email is required.')).toBeVisible();
    await user.type(emailField(), 'not-an-email');
    expect(screen.queryByText('Email is required.')).toBeNull();
    await user.click(sendButton());
    expect(screen.getByText('Enter a valid email.')).toBeVisible();
    expect(api.callsTo('POST door-staff/')).toEqual([]);
  });

  it('invites: sends the address, toasts, clears the field and refreshes the list', async () => {
    let listed = [] as ReturnType<typeof member>[];
    const answer = deferred<Response>();
    const api = staffApi({
      'GET door-staff/': () => json(200, { results: listed }),
      'POST door-staff/': () => answer.promise,
    });
    const { user } = renderApp('/owner/door-staff');
    await screen.findByText(/No door staff yet/);

    await user.type(emailField(), '  dora@example.com ');
    await user.click(sendButton());
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(api.callsTo('POST door-staff/').map((c) => c.body)).toEqual([
      { email: 'dora@example.com' },
    ]);
    listed = [member({ status: 'invited', username: null })];
    answer.resolve(json(201, listed[0]));

    expect(await screen.findByText('Invitation sent to dora@example.com.')).toBeVisible();
    expect(emailField()).toHaveValue('');
    expect(await screen.findByRole('table', { name: 'Door staff' })).toBeVisible();
  });

  it('shows a conflict under the field: the address has an account already', async () => {
    const detail = 'This email already has a CineBook account. Door staff need a new account.';
    staffApi({
      'GET door-staff/': () => json(200, { results: [] }),
      'POST door-staff/': () => json(409, { detail, code: 'email_has_account' }),
    });
    const { user } = renderApp('/owner/door-staff');

    await user.type(emailField(), 'ann@example.com');
    await user.click(sendButton());

    expect(await screen.findByText('Failed to send the invitation. Try again.')).toBeVisible();
    expect(emailField()).toHaveAccessibleDescription(expect.stringContaining(detail));
    expect(emailField()).toHaveValue('ann@example.com');
  });

  it('removes after a confirmation, toasts and refreshes; Cancel removes nothing', async () => {
    let listed = [member()];
    const api = staffApi({
      'GET door-staff/': () => json(200, { results: listed }),
      'DELETE door-staff/5/': () => {
        listed = [];
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderApp('/owner/door-staff');

    await user.click(await screen.findByRole('button', { name: 'Remove dora@example.com' }));
    let dialog = screen.getByRole('dialog', { name: 'Remove dora@example.com?' });
    expect(dialog).toHaveTextContent(/signed out at once/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('DELETE door-staff/5/')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove dora@example.com' }));
    dialog = screen.getByRole('dialog', { name: 'Remove dora@example.com?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(
      await screen.findByText('dora@example.com removed: they are signed out and cannot sign in.'),
    ).toBeVisible();
    expect(api.callsTo('DELETE door-staff/5/')).toHaveLength(1);
    expect(await screen.findByText(/No door staff yet/)).toBeVisible();
  });

  it('says when the list cannot be loaded, with a retry', async () => {
    let fail = true;
    staffApi({
      'GET door-staff/': () =>
        fail ? json(500, { detail: 'boom', code: 'internal' }) : json(200, { results: [] }),
    });
    const { user } = renderApp('/owner/door-staff');

    // Said once, where the list would be (no toast saying it again in other words).
    expect(await screen.findByText('Your door staff could not be loaded.')).toBeVisible();
    expect(screen.queryByText('Failed to load door staff')).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: /Retry|Try again/ }));
    await waitFor(() => expect(screen.getByText(/No door staff yet/)).toBeVisible());
  });
});
