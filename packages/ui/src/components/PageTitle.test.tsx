import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Navigate, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Page } from './Page';

function App() {
  return (
    <Routes>
      <Route path="/" element={<Navigate to="/theaters" replace />} />
      <Route
        path="/theaters"
        element={
          <Page title="Theaters">
            <Link to="/shows">Shows</Link> <Link to="/theaters?page=2">Next page</Link>{' '}
            <Link to="/signup">Sign up</Link>
          </Page>
        }
      />
      <Route
        path="/shows"
        element={
          <Page title="Shows">
            <Link to="/theaters">Theaters</Link>
          </Page>
        }
      />
      <Route
        path="/signup"
        element={
          <Page title="Create Your Account">
            <label>
              {/* biome-ignore lint/a11y/noAutofocus: a page that focuses its field itself, as the signup steps do */}
              Email <input autoFocus />
            </label>
          </Page>
        }
      />
    </Routes>
  );
}

describe('PageTitle', () => {
  it('takes the focus after a page change in the app, not on the first load or its redirect', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/']}>
        <App />
      </MemoryRouter>,
    );
    expect(document.activeElement).toBe(document.body);

    await user.click(screen.getByRole('link', { name: 'Shows' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Shows' })).toHaveFocus();

    await user.click(screen.getByRole('link', { name: 'Theaters' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Theaters' })).toHaveFocus();
  });

  it('stays where it is when only the query string changes, or when the page focused a field', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/theaters']}>
        <App />
      </MemoryRouter>,
    );
    const next = screen.getByRole('link', { name: 'Next page' });
    await user.click(next);
    expect(next).toHaveFocus();

    await user.click(screen.getByRole('link', { name: 'Sign up' }));
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
  });
});
