import { configureApi } from '@cinema/api-client';
import { afterEach, beforeEach, vi } from 'vitest';
import { API_BASE_URL } from './fakeApi';
import { signOut } from './session';

export interface AreaTestOptions {
  /** Signs in as the user the area's tests start as; by default every test starts signed out. */
  session?: () => void;
  /** Resets the area's own client state (zustand stores, sessionStorage) before each test. */
  reset?: () => void;
}

/**
 * The before and after of every test of an area (call it from its `src/test/setup.ts`, which
 * runs after the shared vitest.setup.ts): the API client pointed at the fake API, the area's
 * session and client state set afresh, no page title left over, real timers again.
 */
export function prepareAreaTests({ session = signOut, reset }: AreaTestOptions = {}) {
  beforeEach(() => {
    configureApi({ baseUrl: API_BASE_URL });
    session();
    reset?.();
    document.title = '';
  });

  afterEach(() => {
    // A test may fake the clock, e.g. to fix today's date.
    vi.useRealTimers();
  });
}
