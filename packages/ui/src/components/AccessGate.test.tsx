import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { canRetry, failureMessage } from '../failures';
import { type AccessDecision, AccessGate } from './AccessGate';
import { ErrorState } from './States';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

function renderGate(access: AccessDecision, path = '/owner/theaters?page=2') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<AccessGate access={access} loginTitle="Log in to manage your theaters" />}>
          <Route path="/owner/theaters" element={<h1>Theaters</h1>} />
        </Route>
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

describe('AccessGate', () => {
  it('shows the screen to a role of the area', () => {
    renderGate({ status: 'allowed' });

    expect(screen.getByRole('heading', { level: 1, name: 'Theaters' })).toBeVisible();
  });

  it('shows a logged-out visitor one login prompt that comes back to this page', async () => {
    const loginPath = vi.fn((to: string) => `/auth/login?next=${encodeURIComponent(to)}`);
    renderGate({ status: 'anonymous', loginPath });

    expect(screen.queryByRole('heading', { name: 'Theaters' })).toBeNull();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Log in to manage your theaters' }),
    ).toBeVisible();
    expect(document.title).toBe('Log in to manage your theaters · CineBook');
    expect(screen.getByText('Please log in to continue.')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(loginPath).toHaveBeenCalledWith('/owner/theaters?page=2');

    await userEvent.click(screen.getByRole('link', { name: 'Login' }));
    expect(screen.getByTestId('where')).toHaveTextContent(
      '/auth/login?next=%2Fowner%2Ftheaters%3Fpage%3D2',
    );
  });

  it('tells a signed-in visitor of another role whose area this is, with a link home', async () => {
    renderGate({
      status: 'wrong-role',
      audience: 'theater owners',
      signedInAs: 'a customer',
      home: '/user/theaters',
    });

    expect(screen.queryByRole('heading', { name: 'Theaters' })).toBeNull();
    expect(
      screen.getByRole('heading', { level: 1, name: 'This area is for theater owners' }),
    ).toBeVisible();
    expect(screen.getByText('You are signed in as a customer.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();

    await userEvent.click(screen.getByRole('link', { name: 'Go to your home page' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/user/theaters');
  });
});

describe('ErrorState with the failure', () => {
  const failure = (status: number) => Object.assign(new Error('raw server text'), { status });

  it.each([0, 500, 503, 408, 429])('offers Retry after a %i', (status) => {
    render(<ErrorState message="Failed" error={failure(status)} onRetry={() => {}} />);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  it.each([400, 401, 403, 404, 409])('offers no useless Retry after a %i', (status) => {
    render(<ErrorState message="Failed" error={failure(status)} onRetry={() => {}} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('still offers Retry when the failure is not an HTTP one, or not given', () => {
    expect(canRetry(new TypeError('x'))).toBe(true);
    render(<ErrorState message="Failed" onRetry={() => {}} />);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});

describe('failureMessage', () => {
  const failure = (status: number) =>
    Object.assign(new Error('Authentication credentials were not provided.'), { status });

  it('never passes on the server text', () => {
    expect(failureMessage(failure(401), 'Failed to fetch theaters.')).toBe(
      'Your session has ended. Please log in again.',
    );
    expect(failureMessage(failure(403), 'Failed to fetch theaters.')).toBe(
      'Your account does not have access to this.',
    );
    for (const status of [0, 400, 404, 500]) {
      expect(failureMessage(failure(status), 'Failed to fetch theaters.')).toBe(
        'Failed to fetch theaters.',
      );
    }
  });
});
