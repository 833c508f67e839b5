import os from 'node:os';
import { defineConfig } from 'vitest/config';

// One vitest run covers every frontend app and package; each keeps its own config beside it.
export default defineConfig({
  test: {
    projects: ['packages/*', 'shell', 'mfe-*'],
    // One test file per core. Vitest's default leaves one core to itself, which on the two-core
    // machines here (and CI) ran the files one at a time: 200 s, against 123 s with both.
    maxWorkers: os.availableParallelism(),
  },
});
