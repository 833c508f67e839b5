import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Browser tests run the product on their own ports, so a running `npm start` is no obstacle:
 * from 4000 by default, from E2E_PORT_BASE when set (a second run beside a first, e.g. one spec
 * while `.ci/run` is at work: E2E_PORT_BASE=5000).
 */
const base = Number(process.env.E2E_PORT_BASE ?? 4000);
if (!Number.isInteger(base) || base < 1024 || base > 64_000) {
  throw new Error(`E2E_PORT_BASE must be a whole number from 1024 to 64000 (got ${base})`);
}
export const E2E_PORTS = {
  api: base + 800,
  shell: base,
  auth: base + 1,
  user: base + 2,
  owner: base + 3,
  admin: base + 4,
  resend: base + 900,
} as const;

/** The admin account the API creates at start in browser tests. */
export const E2E_ADMIN = { email: 'admin@cinebook.test', password: 'Admin#e2e-2026' };

/**
 * The release store of the browser tests, apart from the repository's own. Made once by the
 * runner and passed to its workers through the environment, so all of them publish to it.
 */
function releasesDir(): string {
  const existing = process.env.E2E_RELEASES_DIR;
  if (existing) return existing;
  const made = mkdtempSync(path.join(os.tmpdir(), 'cinema-e2e-releases-'));
  process.env.E2E_RELEASES_DIR = made;
  return made;
}
export const e2eReleasesDir = releasesDir();

/** The environment `npm start` gets in browser tests: the ports above and a fresh database. */
export function e2eEnv(): Record<string, string> {
  const env: Record<string, string> = {
    API_PORT: String(E2E_PORTS.api),
    SHELL_PORT: String(E2E_PORTS.shell),
    MFE_AUTH_PORT: String(E2E_PORTS.auth),
    MFE_USER_PORT: String(E2E_PORTS.user),
    MFE_OWNER_PORT: String(E2E_PORTS.owner),
    MFE_ADMIN_PORT: String(E2E_PORTS.admin),
    RESEND_API_KEY: 're_e2e_fake_key',
    RESEND_BASE_URL: `http://127.0.0.1:${E2E_PORTS.resend}`,
    EMAIL_FROM: 'CineBook <no-reply@cinebook.test>',
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    CORS_ORIGINS: [E2E_PORTS.shell, E2E_PORTS.shell + 10]
      .map((port) => `http://localhost:${port}`)
      .join(','),
    // Demo theaters, movies and shows, on the embedded database and on a server alike.
    SEED_DEMO: '1',
    RELEASES_DIR: e2eReleasesDir,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'cinema-e2e-')),
  };
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !(key in env)) env[key] = value;
  }
  return env;
}
