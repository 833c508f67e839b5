import { defineConfig } from 'vitest/config';

// One vitest run covers every frontend app and package; each keeps its own config beside it.
export default defineConfig({
  test: {
    projects: ['packages/*', 'shell', 'mfe-*'],
  },
});
