import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { expect } from 'vitest';
import { App } from '../App';

/** Shows where the router is, so tests can assert redirects and the state passed along. */
function LocationProbe() {
  const location = useLocation();
  return (
    <div data-testid="location" data-state={JSON.stringify(location.state ?? null)} hidden>
      {location.pathname}
    </div>
  );
}

export interface RenderAppOptions {
  /** Navigation state of the first entry, e.g. `{ email }` passed by the previous screen. */
  state?: unknown;
  /** Earlier history entries, for Back. */
  history?: string[];
}

/**
 * Renders the area's route tree at `path` with what the shell provides: a router, a fresh
 * QueryClient and the toast container.
 */
export function renderApp(path: string, { state, history = [] }: RenderAppOptions = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  const entries = [...history, { pathname: path, state }];
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        <App />
        <LocationProbe />
      </MemoryRouter>
      <ToastContainer position="top-right" autoClose={5000} />
    </QueryClientProvider>,
  );
  return { user, queryClient };
}

export function currentPath(): string {
  return screen.getByTestId('location').textContent ?? '';
}

export function currentState(): unknown {
  return JSON.parse(screen.getByTestId('location').dataset.state ?? 'null');
}

/** Waits until the router is at `path`. */
export async function expectPath(path: string) {
  await waitFor(() => expect(currentPath()).toBe(path));
}
