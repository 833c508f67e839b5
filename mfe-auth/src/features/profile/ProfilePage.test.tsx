import { useAuthStore } from '@cinema/auth';
import { accessToken, deferred, expectPath, fakeApi, json } from '@cinema/test-utils';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';

const ACCOUNT = { id: 7, username: 'asha', email: 'asha@example.com', role: 'owner' };

function logIn(access = accessToken()) {
  useAuthStore.getState().login({ access, refresh: 'refresh-token', user: ACCOUNT });
  return access;
}

describe('ProfilePage', () => {
  it.each(['/profile', '/auth/profile'])(
    'at %s shows Loading profile... then the username, email and role',
    async (path) => {
      const answer = deferred<Response>();
      const api = fakeApi({ 'GET profile/': () => answer.promise });
      const access = logIn();
      renderApp(path);

      expect(screen.getByRole('status')).toHaveTextContent('Loading profile...');
      await waitFor(() =>
        expect(api.callsTo('GET profile/')[0]?.headers.get('Authorization')).toBe(
          `Bearer ${access}`,
        ),
      );

      answer.resolve(json(200, ACCOUNT));
      expect(await screen.findByText('asha')).toBeVisible();
      expect(screen.getByText('asha@example.com')).toBeVisible();
      expect(screen.getByText('Role: owner')).toBeVisible();
      expect(screen.queryByText('Loading profile...')).toBeNull();
      expect(screen.getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/auth/logout');
    },
  );

  it('toasts Error loading profile and shows an error with Retry when loading fails', async () => {
    let fail = true;
    fakeApi({
      'GET profile/': () => (fail ? json(500, { detail: 'Database down.' }) : json(200, ACCOUNT)),
    });
    logIn();
    const { user } = renderApp('/profile');

    expect(await screen.findByText('Error loading profile')).toBeVisible();
    expect(screen.getByText('Your profile could not be loaded.')).toBeVisible();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Role: owner')).toBeVisible();
  });

  it('sends a visitor who is not logged in to login', async () => {
    const api = fakeApi({});
    renderApp('/profile');

    await expectPath('/auth/login');
    expect(api.calls).toEqual([]);
  });
});
