import { deferred, fakeApi, json, type Routes } from '@cinema/test-utils';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';

// The section lives on the door staff page (pages/door/DoorPage.tsx), so that list answers too.
const KEYS = 'GET tickets/signing-keys/';
const ROTATE = 'POST tickets/signing-keys/rotate/';

const signingKey = (over: Record<string, unknown> = {}) => ({
  kid: 'Act1ve-k',
  public_key: 'x'.repeat(43),
  created_at: '2026-11-20T10:00:00Z',
  retired_at: null,
  ...over,
});
const retiredKey = signingKey({
  kid: 'Old_key1',
  created_at: '2026-10-01T09:00:00Z',
  retired_at: '2026-11-20T10:00:00Z',
});

function page(routes: Routes) {
  return fakeApi({ 'GET door-staff/': () => json(200, { results: [] }), ...routes });
}

const section = () => screen.getByRole('region', { name: 'Ticket signing keys' });
const rotateButton = () => within(section()).getByRole('button', { name: 'Rotate key' });
const dialog = () => screen.getByRole('dialog', { name: 'Rotate the signing key?' });

/** Presses Tab until `target` has focus (at most 40 times), as a keyboard user would. */
async function tabTo(user: UserEvent, target: () => HTMLElement) {
  for (let i = 0; i < 40 && document.activeElement !== target(); i++) await user.tab();
  expect(target()).toHaveFocus();
}

describe('SigningKeys on the door staff page', () => {
  it('says what the keys are and lists them: key id, made, Active or Retired since', async () => {
    page({ [KEYS]: () => json(200, { results: [signingKey(), retiredKey] }) });
    renderApp('/owner/door-staff');

    expect(screen.getByRole('heading', { level: 1, name: 'Door staff' })).toBeVisible();
    expect(document.title).toBe('Door staff · CineBook');
    expect(screen.getByRole('heading', { level: 2, name: 'Ticket signing keys' })).toBeVisible();
    expect(section()).toHaveTextContent(/signed with the active key.*check them offline/);
    expect(section()).toHaveTextContent(/tickets already issued keep working/);

    const table = await within(section()).findByRole('table', { name: 'Ticket signing keys' });
    const [head, ...rows] = within(table).getAllByRole('row');
    expect(
      within(head as HTMLElement)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Key id', 'Made', 'Status']);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Act1ve-k.*2026.*Active$/),
      expect.stringMatching(/^Old_key1.*Oct 2026.*Retired since .*20 Nov 2026/),
    ]);
  });

  it('rotates after a confirmation: Cancel sends nothing, Rotate retires the active key', async () => {
    let listed = [signingKey()];
    const answer = deferred<Response>();
    const api = page({
      [KEYS]: () => json(200, { results: listed }),
      [ROTATE]: () => answer.promise,
    });
    const { user } = renderApp('/owner/door-staff');

    await user.click(await within(section()).findByRole('button', { name: 'Rotate key' }));
    expect(dialog()).toHaveTextContent(
      /Key Act1ve-k is retired.*Tickets already issued keep working/,
    );
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo(ROTATE)).toEqual([]);

    await user.click(rotateButton());
    await user.click(within(dialog()).getByRole('button', { name: 'Rotate key' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(section()).getByRole('button', { name: 'Rotating...' })).toBeDisabled();
    expect(api.callsTo(ROTATE).map((call) => call.body)).toEqual([{ retire: 'Act1ve-k' }]);

    const made = signingKey({ kid: 'N3w-key_', created_at: '2026-11-27T15:00:00Z' });
    listed = [made, signingKey({ retired_at: '2026-11-27T15:00:00Z' })];
    answer.resolve(json(201, { key: made, retired_kid: 'Act1ve-k' }));

    expect(await screen.findByText('Signing key rotated.')).toBeVisible();
    const table = within(section()).getByRole('table', { name: 'Ticket signing keys' });
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('row')
          .slice(1)
          .map((row) => row.textContent),
      ).toEqual([
        expect.stringMatching(/^N3w-key_.*Active$/),
        expect.stringMatching(/^Act1ve-k.*Retired since/),
      ]),
    );
  });

  it('says so when there is no key yet, and a rotation then retires none', async () => {
    const api = page({
      [KEYS]: () => json(200, { results: [] }),
      [ROTATE]: () => json(201, { key: signingKey(), retired_kid: null }),
    });
    const { user } = renderApp('/owner/door-staff');

    expect(await within(section()).findByText(/No signing key yet/)).toBeVisible();
    await user.click(rotateButton());
    expect(dialog()).toHaveTextContent('A new key is made');
    await user.click(within(dialog()).getByRole('button', { name: 'Rotate key' }));

    expect(await screen.findByText('Signing key rotated.')).toBeVisible();
    expect(api.callsTo(ROTATE).map((call) => call.body)).toEqual([{ retire: null }]);
  });

  it('on a conflict (another key is active now) shows the server’s sentence and reloads the list', async () => {
    const detail = 'The active signing key is now Oth3r-ky: reload the keys and try again.';
    let listed = [signingKey()];
    const api = page({
      [KEYS]: () => json(200, { results: listed }),
      [ROTATE]: () => {
        listed = [
          signingKey({ kid: 'Oth3r-ky' }),
          signingKey({ retired_at: '2026-11-27T14:00:00Z' }),
        ];
        return json(409, { detail, code: 'conflict', error: 'conflict' });
      },
    });
    const { user } = renderApp('/owner/door-staff');

    await user.click(await within(section()).findByRole('button', { name: 'Rotate key' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Rotate key' }));

    expect(await screen.findByText(detail)).toBeVisible();
    expect(screen.queryByText('Signing key rotated.')).toBeNull();
    expect(await within(section()).findByText('Oth3r-ky')).toBeVisible();
    expect(api.callsTo(KEYS)).toHaveLength(2);
    expect(within(section()).getByRole('button', { name: 'Rotate key' })).toBeEnabled();
  });

  it('can be used by keyboard alone: Tab to Rotate key, Enter, confirm; Escape cancels', async () => {
    const api = page({
      [KEYS]: () => json(200, { results: [signingKey()] }),
      [ROTATE]: () => json(201, { key: signingKey({ kid: 'N3w-key_' }), retired_kid: 'Act1ve-k' }),
    });
    const { user } = renderApp('/owner/door-staff');
    await within(section()).findByRole('table', { name: 'Ticket signing keys' });

    await tabTo(user, rotateButton);
    await user.keyboard('{Enter}');
    expect(dialog()).toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(rotateButton()).toHaveFocus();
    expect(api.callsTo(ROTATE)).toEqual([]);

    await user.keyboard('{Enter}');
    await tabTo(user, () => within(dialog()).getByRole('button', { name: 'Rotate key' }));
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Signing key rotated.')).toBeVisible();
    expect(api.callsTo(ROTATE).map((call) => call.body)).toEqual([{ retire: 'Act1ve-k' }]);
  });

  it('says when the keys cannot be loaded, with a retry, and offers no rotation then', async () => {
    let fail = true;
    page({
      [KEYS]: () =>
        fail ? json(500, { detail: 'boom', code: 'internal' }) : json(200, { results: [] }),
    });
    const { user } = renderApp('/owner/door-staff');

    // Said once, where the list would be (no toast saying it again in other words).
    expect(await screen.findByText('Your signing keys could not be loaded.')).toBeVisible();
    expect(screen.queryByText('Failed to load signing keys')).toBeNull();
    expect(within(section()).queryByRole('button', { name: 'Rotate key' })).toBeNull();
    fail = false;
    await user.click(within(section()).getByRole('button', { name: /Retry|Try again/ }));
    await waitFor(() => expect(within(section()).getByText(/No signing key yet/)).toBeVisible());
  });
});
