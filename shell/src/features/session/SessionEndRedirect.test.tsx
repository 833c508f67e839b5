import { api, configureApi } from '@cinema/api-client';
import { useAuthStore } from '@cinema/auth';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { SessionEndRedirect } from './SessionEndRedirect';

/** What the person reads on the login page, word for word. */
const SESSION_ENDED = 'Your session has expired. Please login again.';

function expiredToken() {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'HS256' })}.${encode({ sub: '3', role: 'user', exp: 1 })}.sig`;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <SessionEndRedirect />
      <Routes>
        <Route path="/auth/login" element={<p>Login page</p>} />
        <Route path="*" element={<p>Somewhere else</p>} />
      </Routes>
      <ToastContainer />
    </MemoryRouter>,
  );
}

describe('SessionEndRedirect', () => {
  beforeEach(() => {
    configureApi({ baseUrl: 'http://api.test/api' });
    useAuthStore.getState().login({ access: expiredToken(), refresh: 'stale', role: 'user' });
    // The refresh token is refused, so the client ends the session.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ detail: 'Invalid or expired refresh token.' }, { status: 401 }),
      ),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the person to login with a message when the session ends', async () => {
    renderAt('/user/my-tickets');
    await act(() => expect(api.get('/api/my-tickets')).rejects.toThrow('expired'));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(await screen.findByText(SESSION_ENDED)).toBeInTheDocument();
    expect(useAuthStore.getState().access).toBeNull();
  });

  it('leaves the account screens to handle it themselves', async () => {
    renderAt('/auth/token/refresh');
    await act(() => expect(api.get('/api/profile')).rejects.toThrow('expired'));
    expect(screen.getByText('Somewhere else')).toBeInTheDocument();
    expect(screen.queryByText(SESSION_ENDED)).not.toBeInTheDocument();
  });
});
