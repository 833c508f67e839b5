import { REFRESH_IN_COOKIE, useAuthStore } from '@cinema/auth';
import { accessToken, deferred, expectPath, fakeApi, json } from '@cinema/test-utils';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';

const emailField = () => screen.getByLabelText('Email');
const passwordField = () => screen.getByLabelText('Password');
const loginButton = () => screen.getByRole('button', { name: 'Login' });

function loginResponse(role: string | null) {
  return {
    access: accessToken(),
    refresh: 'refresh-token',
    user: { id: 7, username: 'asha', email: 'asha@example.com', role },
    role,
  };
}

async function logIn(user: ReturnType<typeof renderApp>['user']) {
  await user.type(emailField(), 'asha');
  await user.type(passwordField(), 'secret1');
  await user.click(loginButton());
}

describe('LoginPage', () => {
  it('has Email and Password fields, a password toggle and links to reset and signup', async () => {
    const { user } = renderApp('/auth/login');

    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    expect(emailField()).toHaveAttribute('name', 'email_or_username');
    expect(passwordField()).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(passwordField()).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(passwordField()).toHaveAttribute('type', 'password');

    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute(
      'href',
      '/auth/otp/request',
    );
    expect(screen.getByRole('link', { name: 'Signup' })).toHaveAttribute('href', '/auth/signup');
  });

  it('requires both fields, and clears each message when its field is edited', async () => {
    const api = fakeApi({});
    const { user } = renderApp('/auth/login');

    await user.click(loginButton());
    expect(screen.getByText('Email or username is required')).toBeVisible();
    expect(screen.getByText('Password is required')).toBeVisible();
    expect(api.calls).toEqual([]);

    await user.type(emailField(), 'asha');
    expect(screen.queryByText('Email or username is required')).toBeNull();
    expect(screen.getByText('Password is required')).toBeVisible();

    await user.type(passwordField(), 'x');
    expect(screen.queryByText('Password is required')).toBeNull();
  });

  it('shows Login... while signing in and sends email_or_username and password', async () => {
    const answer = deferred<Response>();
    const api = fakeApi({ 'POST login/': () => answer.promise });
    const { user } = renderApp('/auth/login');

    await logIn(user);

    expect(screen.getByRole('button', { name: 'Login...' })).toBeDisabled();
    const [call] = api.callsTo('POST login/');
    expect(call?.body).toEqual({ email_or_username: 'asha', password: 'secret1' });
    expect(call?.headers.has('Authorization')).toBe(false);
    answer.resolve(json(200, loginResponse('user')));
    await expectPath('/user/theaters');
  });

  it.each([
    ['admin', '/admin/adminpanel'],
    ['owner', '/owner/theaters'],
    ['user', '/user/theaters'],
    // Door staff only scan tickets (docs/decisions/0040-door-staff.md).
    ['door', '/owner/checkin'],
    ['critic', '/profile'],
    [null, '/profile'],
  ])('stores the session and sends a %s to %s', async (role, path) => {
    fakeApi({ 'POST login/': () => json(200, loginResponse(role)) });
    const { user } = renderApp('/auth/login');

    await logIn(user);

    expect(await screen.findByText('Logged in successfully')).toBeVisible();
    await expectPath(path);
    const session = useAuthStore.getState();
    // The refresh token itself is in the HttpOnly cookie login set; the store keeps a marker.
    expect(session.refresh).toBe(REFRESH_IN_COOKIE);
    expect(localStorage.getItem('cinema-auth')).not.toContain('refresh-token');
    expect(session.user).toMatchObject({ id: 7, username: 'asha', role });
  });

  it('takes the role from a top-level role when the response has no user', async () => {
    fakeApi({
      'POST login/': () => json(200, { access: accessToken(), refresh: 'r', role: 'owner' }),
    });
    const { user } = renderApp('/auth/login');

    await logIn(user);

    await expectPath('/owner/theaters');
  });

  it('goes back to the page a login prompt came from, with its query', async () => {
    fakeApi({ 'POST login/': () => json(200, loginResponse('user')) });
    const { user } = renderApp(
      `/auth/login?next=${encodeURIComponent('/user/seat-layout?show=4')}`,
    );

    await logIn(user);

    expect(await screen.findByText('Logged in successfully')).toBeVisible();
    await expectPath('/user/seat-layout');
    expect(screen.getByTestId('location')).toHaveAttribute('data-search', '?show=4');
  });

  it.each([
    ['another origin', 'https://evil.example/user/theaters'],
    ['a protocol-relative address', '//evil.example/user/theaters'],
    ['a backslash address', '/\\evil.example'],
    ['a javascript: address', 'javascript:alert(1)'],
    ['a tab smuggled into //', '/\t/evil.example'],
    ['the logout screen', '/auth/logout'],
    ['the login itself', '/auth/login?next=/admin/users'],
  ])('ignores a return address that is %s and lands on the role home', async (_, next) => {
    fakeApi({ 'POST login/': () => json(200, loginResponse('owner')) });
    const { user } = renderApp(`/auth/login?next=${encodeURIComponent(next)}`);

    await logIn(user);

    expect(await screen.findByText('Logged in successfully')).toBeVisible();
    await expectPath('/owner/theaters');
  });

  it("toasts the server's detail on refused credentials and stays logged out", async () => {
    fakeApi({
      'POST login/': () =>
        json(401, { detail: 'Invalid credentials.', error: 'Invalid credentials.' }),
    });
    const { user } = renderApp('/auth/login');

    await logIn(user);

    expect(await screen.findByText('Invalid credentials.')).toBeVisible();
    expect(useAuthStore.getState().access).toBeNull();
    expect(loginButton()).toBeEnabled();
    await expectPath('/auth/login');
  });

  it("toasts the server's error field when there is no detail", async () => {
    fakeApi({ 'POST login/': () => json(429, { error: 'Too many attempts. Try later.' }) });
    const { user } = renderApp('/auth/login');

    await logIn(user);

    expect(await screen.findByText('Too many attempts. Try later.')).toBeVisible();
  });

  it('toasts Login failed. Please check your credentials. when the server gives no reason', async () => {
    fakeApi({ 'POST login/': () => json(500) });
    const { user } = renderApp('/auth/login');

    await logIn(user);

    expect(await screen.findByText('Login failed. Please check your credentials.')).toBeVisible();
  });

  it('says why a removed door staff account cannot sign in, and stays on the login', async () => {
    const detail =
      'This door staff account was removed by the theater owner. Ask them to invite you again.';
    fakeApi({ 'POST login/': () => json(403, { detail, code: 'door_staff_removed' }) });
    const { user } = renderApp('/auth/login');

    await logIn(user);

    expect(await screen.findByText(detail)).toBeVisible();
    await expectPath('/auth/login');
    expect(useAuthStore.getState().user).toBeNull();
  });

  it('treats an answer without tokens as a failed login', async () => {
    fakeApi({ 'POST login/': () => json(200, { message: 'ok' }) });
    const { user } = renderApp('/auth/login');

    await logIn(user);

    expect(await screen.findByText('Login failed. Please check your credentials.')).toBeVisible();
    expect(useAuthStore.getState().access).toBeNull();
  });
});
