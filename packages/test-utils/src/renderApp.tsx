import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { expect } from 'vitest';

/** Shows where the router is, so tests can assert navigation and the state passed along. */
function LocationProbe() {
  const location = useLocation();
  return (
    <div
      hidden
      data-testid="location"
      data-search={location.search}
      data-state={JSON.stringify(location.state ?? null)}
    >
      {location.pathname}
    </div>
  );
}

export interface RenderAppOptions {
  /** Navigation state of the current entry, e.g. `{ showId: 5 }` passed by the previous screen. */
  state?: unknown;
  /** Earlier history entries, for Back. */
  history?: string[];
}

/**
 * A `renderApp(path, options)` for an area's route tree (its exposed `App`): it renders `App` at
 * `path` (which may carry a query) with what the shell provides: a router, a fresh QueryClient
 * and the toast container.
 */
export function createRenderApp(App: ComponentType) {
  return function renderApp(path: string, { state, history = [] }: RenderAppOptions = {}) {
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
    });
    const user = userEvent.setup();
    const entries = [...history, { pathname: path.split('?')[0], search: searchOf(path), state }];
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
  };
}

function searchOf(path: string): string {
  const index = path.indexOf('?');
  return index === -1 ? '' : path.slice(index);
}

export function currentPath(): string {
  return screen.getByTestId('location').textContent ?? '';
}

export function currentSearch(): string {
  return screen.getByTestId('location').dataset.search ?? '';
}

export function currentState(): unknown {
  return JSON.parse(screen.getByTestId('location').dataset.state ?? 'null');
}

/** Waits until the router is at `path`. */
export async function expectPath(path: string) {
  await waitFor(() => expect(currentPath()).toBe(path));
}
