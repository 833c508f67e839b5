import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['../vitest.setup.ts'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});
