// What every area's access guard shows, asserted the same way in each app's route tests. Role
// queries find only what is exposed to assistive technology, so finding one is the visibility
// check (this package has no jest-dom matchers).
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { ApiCall } from './fakeApi';

/**
 * The area's one login prompt on `path`: its heading, 'Please log in to continue.' once, a Login
 * link that comes back to `path`, no Retry, and no call to the API.
 */
export function expectLoginPrompt(path: string, heading: string, calls: readonly ApiCall[]): void {
  screen.getByRole('heading', { level: 1, name: heading });
  expect(screen.getAllByText('Please log in to continue.')).toHaveLength(1);
  expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(
    `/auth/login?next=${encodeURIComponent(path)}`,
  );
  expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  expect(calls).toHaveLength(0);
}

/**
 * The screen a user of another role sees: whose area it is (`heading`), who they are signed in
 * as, a link to their own home, and no call to the API.
 */
export function expectWrongRoleScreen(
  heading: string,
  who: string,
  home: string,
  calls: readonly ApiCall[],
): void {
  screen.getByRole('heading', { level: 1, name: heading });
  expect(screen.getAllByText(`You are signed in as ${who}.`)).toHaveLength(1);
  expect(screen.getByRole('link', { name: 'Go to your home page' }).getAttribute('href')).toBe(
    home,
  );
  expect(calls).toHaveLength(0);
}
