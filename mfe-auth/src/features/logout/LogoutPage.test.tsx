import { useAuthStore } from '@cinema/auth';
import { accessToken, expectPath, fakeApi, json } from '@cinema/test-utils';
import { screen } from '@testing-library/react';
import { toast } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';

function logIn() {
  const access = accessToken();
  useAuthStore.getState().login({ access, refresh: 'refresh-token', role: 'user' });
  return access;
}

describe('LogoutPage', () => {
  it('asks for confirmation, and Back returns to the previous page', async () => {
    fakeApi({
      'GET profile/': () => json(200, { id: 7, username: 'asha', email: 'a@b.c', role: 'user' }),
    });
    logIn();
    const { user } = renderApp('/auth/logout', { history: ['/profile'] });

    expect(screen.getByText('Are you sure you want to logout?')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Back' }));

    await expectPath('/profile');
    expect(useAuthStore.getState().access).not.toBeNull();
  });

  it('shows Logging you out... for 1.5 s, revokes the refresh token, clears the session and goes to login', async () => {
    const api = fakeApi({ 'POST logout/': () => json(204) });
    const success = vi.spyOn(toast, 'success');
    const access = logIn();
    const { user, queryClient } = renderApp('/auth/logout');
    queryClient.setQueryData(['profile'], { id: 7 });

    const started = Date.now();
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(screen.getByText('Logging you out...')).toBeVisible();
    expect(useAuthStore.getState().access).toBe(access);
    const [call] = api.callsTo('POST logout/');
    // The refresh token is in its HttpOnly cookie: the access token names the session.
    expect(call?.body).toEqual({});
    expect(call?.headers.get('Authorization')).toBe(`Bearer ${access}`);

    expect(await screen.findByText('Logout successful!', {}, { timeout: 3000 })).toBeVisible();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    await expectPath('/auth/login');
    expect(useAuthStore.getState()).toMatchObject({ user: null, access: null, refresh: null });
    expect(queryClient.getQueryData(['profile'])).toBeUndefined();
    expect(success).toHaveBeenCalledWith('Logout successful!', { autoClose: 2000 });
  });

  it('logs out locally even when the server cannot be reached', async () => {
    fakeApi({ 'POST logout/': () => Promise.reject(new TypeError('Failed to fetch')) });
    logIn();
    const { user } = renderApp('/auth/logout');

    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Logout successful!', {}, { timeout: 3000 })).toBeVisible();
    expect(useAuthStore.getState().access).toBeNull();
    await expectPath('/auth/login');
  });
});
