import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['../vitest.setup.ts', './src/test/setup.ts'],
    unstubGlobals: true,
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});
