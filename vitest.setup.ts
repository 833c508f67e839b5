// Shared by every frontend project: DOM matchers, cleanup, and a console.error that fails the test
// (React warnings about act(), keys or props are bugs, not noise).
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// `findBy…` and `waitFor` give up after 1 s by default: enough on an idle machine, not while
// `npm test` runs the API and browser suites beside this one on two cores (scripts/test/run.mjs),
// where a screen that renders in 0.3 s alone took over 1 s (three tests failed so). A test that
// waits for something that never comes still fails, only later.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(' ')}`);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});
