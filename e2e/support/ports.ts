import { mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * How many Playwright workers run the browser tests at once (E2E_WORKERS, 2 by default), each
 * against a product of its own: its own ports, database, release store and mail catcher, so no
 * test sees another's accounts, holds, canaries or page views
 * (docs/decisions/0056-browser-tests-one-product-per-worker.md).
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);
if (!Number.isInteger(E2E_WORKERS) || E2E_WORKERS < 1 || E2E_WORKERS > 8) {
  throw new Error(`E2E_WORKERS must be a whole number from 1 to 8 (got ${E2E_WORKERS})`);
}

/**
 * Browser tests run the product on their own ports, so a running `npm start` is no obstacle:
 * worker N's product from 4000 + 1000 N by default, from E2E_PORT_BASE + 1000 N when set (a
 * second run beside a first, e.g. one spec while `.ci/run` is at work: E2E_PORT_BASE=7000; not
 * 6000, a port Chromium refuses).
 */
const base = Number(process.env.E2E_PORT_BASE ?? 4000);
if (!Number.isInteger(base) || base < 1024 || base + 1000 * E2E_WORKERS > 65_000) {
  throw new Error(`E2E_PORT_BASE must be a whole number from 1024 to 64000 (got ${base})`);
}

/** The ports of the product worker `slot` tests (Playwright's parallel index). */
export function e2ePortsOf(slot: number) {
  const first = base + 1000 * slot;
  return {
    api: first + 800,
    shell: first,
    auth: first + 1,
    user: first + 2,
    owner: first + 3,
    admin: first + 4,
    resend: first + 900,
  } as const;
}

/** Which worker this process is: Playwright sets it in each worker; the runner itself is 0. */
const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

/** The ports of this worker's product. */
export const E2E_PORTS = e2ePortsOf(slot);

/** The admin account the API creates at start in browser tests. */
export const E2E_ADMIN = { email: 'admin@cinebook.test', password: 'Admin#e2e-2026' };

/**
 * The release stores of the browser tests, apart from the repository's own: one folder per
 * worker's product under a root the runner makes once and passes to its workers through the
 * environment.
 */
function releasesDirOf(slot: number): string {
  let root = process.env.E2E_RELEASES_DIR;
  if (!root) {
    root = mkdtempSync(path.join(os.tmpdir(), 'cinema-e2e-releases-'));
    process.env.E2E_RELEASES_DIR = root;
  }
  const dir = path.join(root, String(slot));
  mkdirSync(dir, { recursive: true });
  return dir;
}
/** This worker's release store. */
export const e2eReleasesDir = releasesDirOf(slot);

/** The environment worker `slot`'s `npm start` gets: its ports and a fresh database. */
export function e2eEnv(slot: number): Record<string, string> {
  const ports = e2ePortsOf(slot);
  const env: Record<string, string> = {
    API_PORT: String(ports.api),
    SHELL_PORT: String(ports.shell),
    MFE_AUTH_PORT: String(ports.auth),
    MFE_USER_PORT: String(ports.user),
    MFE_OWNER_PORT: String(ports.owner),
    MFE_ADMIN_PORT: String(ports.admin),
    RESEND_API_KEY: 're_e2e_fake_key',
    RESEND_BASE_URL: `http://127.0.0.1:${ports.resend}`,
    EMAIL_FROM: 'CineBook <no-reply@cinebook.test>',
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    CORS_ORIGINS: [ports.shell, ports.shell + 10]
      .map((port) => `http://localhost:${port}`)
      .join(','),
    // Demo theaters, movies and shows, on the embedded database and on a server alike.
    SEED_DEMO: '1',
    RELEASES_DIR: releasesDirOf(slot),
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'cinema-e2e-')),
  };
  // On a PostgreSQL server (DATABASE_URL, as in CI) a database of the worker's own, made fresh
  // before its product starts (support/fresh-database.mjs).
  const server = process.env.DATABASE_URL;
  if (server) {
    const url = new URL(server);
    url.pathname = `/cinema_e2e_${slot}`;
    env.DATABASE_URL = url.toString();
    env.E2E_DATABASE_SERVER_URL = server;
  }
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !(key in env)) env[key] = value;
  }
  return env;
}
