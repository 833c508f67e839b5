import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    environment: 'jsdom',
    // Screens render in jsdom, two files at a time on two cores: 5 s timed out under CI's load.
    testTimeout: 15_000,
    globals: true,
    setupFiles: ['../vitest.setup.ts', './src/test/setup.ts'],
    unstubGlobals: true,
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});
