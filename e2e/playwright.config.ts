import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_PORTS, e2eEnv } from './support/ports';

const root = path.resolve(import.meta.dirname, '..');
const resultsFile = process.env.PLAYWRIGHT_JSON_OUTPUT ?? path.join(os.tmpdir(), 'cinema-e2e.json');

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: resultsFile }]],
  use: {
    baseURL: `http://localhost:${E2E_PORTS.shell}`,
    trace: 'retain-on-failure',
    // The site's service worker (shell/public/sw.js) answers a page's requests itself once it is
    // in control, past page.route() and context.route(), which many specs use to stage a failure.
    // Specs of the offline app shell allow it in contexts of their own (offline-shell.spec.ts,
    // door-offline.spec.ts).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  // The product exactly as `npm start` serves it, on its own ports and a fresh database.
  webServer: [
    {
      command: `node e2e/support/fake-resend.mjs ${E2E_PORTS.resend}`,
      cwd: root,
      url: `http://127.0.0.1:${E2E_PORTS.resend}/health`,
      reuseExistingServer: false,
    },
    {
      command: 'node scripts/start.mjs --no-build',
      cwd: root,
      url: `http://127.0.0.1:${E2E_PORTS.api}/api/health`,
      env: e2eEnv(),
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    },
  ],
});
