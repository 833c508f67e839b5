import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_PORTS, E2E_WORKERS, e2eEnv, e2ePortsOf } from './support/ports';

const root = path.resolve(import.meta.dirname, '..');
const resultsFile = process.env.PLAYWRIGHT_JSON_OUTPUT ?? path.join(os.tmpdir(), 'cinema-e2e.json');

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: resultsFile }]],
  use: {
    baseURL: `http://localhost:${E2E_PORTS.shell}`,
    // Recording a trace of every test for the failing ones costs about a tenth of the suite's
    // time and half its runner's CPU; under CI (CI=true) nobody can open one, as the clone is
    // thrown away: there a failure's message and the error context are what is read.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
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
  // The product exactly as `npm start` serves it, on its own ports and a fresh database: one for
  // each worker (support/ports.ts).
  webServer: Array.from({ length: E2E_WORKERS }, (_, slot) => {
    const ports = e2ePortsOf(slot);
    const env = e2eEnv(slot);
    const start = 'node scripts/start.mjs --no-build';
    return [
      {
        command: `node e2e/support/fake-resend.mjs ${ports.resend}`,
        cwd: root,
        url: `http://127.0.0.1:${ports.resend}/health`,
        reuseExistingServer: false,
      },
      {
        command: env.E2E_DATABASE_SERVER_URL
          ? `node e2e/support/fresh-database.mjs && exec ${start}`
          : start,
        cwd: root,
        url: `http://127.0.0.1:${ports.api}/api/health`,
        env,
        reuseExistingServer: false,
        timeout: 120_000,
        stdout: 'ignore' as const,
        stderr: 'pipe' as const,
        gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
      },
    ];
  }).flat(),
});
