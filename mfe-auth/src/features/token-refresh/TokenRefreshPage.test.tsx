import { REFRESH_IN_COOKIE, useAuthStore } from '@cinema/auth';
import { accessToken, deferred, expectPath, fakeApi, json } from '@cinema/test-utils';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';

const ACCOUNT = { id: 7, username: 'asha', email: 'asha@example.com', role: 'user' };

function logIn() {
  useAuthStore.getState().login({ access: accessToken(), refresh: 'refresh-token', user: ACCOUNT });
}

describe('TokenRefreshPage', () => {
  it('without a refresh token toasts No refresh token found. Please login. and goes to login', async () => {
    const api = fakeApi({});
    renderApp('/auth/token/refresh');

    expect(await screen.findByText('No refresh token found. Please login.')).toBeVisible();
    await expectPath('/auth/login');
    expect(api.calls).toEqual([]);
  });

  it('shows Refreshing token..., stores the new access token and goes to the profile', async () => {
    const answer = deferred<Response>();
    const newAccess = accessToken({ jti: 'new' });
    const api = fakeApi({
      'POST token/refresh/': () => answer.promise,
      'GET profile/': () => json(200, ACCOUNT),
    });
    logIn();
    renderApp('/auth/token/refresh');

    expect(screen.getByText('Refreshing token...')).toBeVisible();
    answer.resolve(json(200, { access: newAccess }));

    expect(await screen.findByText('Access Token Refreshed')).toBeVisible();
    await expectPath('/auth/profile');
    expect(api.callsTo('POST token/refresh/')).toHaveLength(1);
    // The token travels in its HttpOnly cookie, not in the body.
    expect(api.callsTo('POST token/refresh/')[0]?.body).toEqual({});
    expect(useAuthStore.getState()).toMatchObject({
      access: newAccess,
      refresh: REFRESH_IN_COOKIE,
    });
    expect(await screen.findByText('Role: user')).toBeVisible();
  });

  it('toasts Failed to refresh token. Please login again. and goes to login when refused', async () => {
    fakeApi({ 'POST token/refresh/': () => json(401, { detail: 'Token is invalid or expired.' }) });
    logIn();
    renderApp('/auth/token/refresh');

    expect(await screen.findByText('Failed to refresh token. Please login again.')).toBeVisible();
    await expectPath('/auth/login');
    expect(useAuthStore.getState().access).toBeNull();
  });
});
