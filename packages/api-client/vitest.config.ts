import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    globals: true,
    // Each test stubs fetch itself; put the real one back afterwards.
    unstubGlobals: true,
  },
});
