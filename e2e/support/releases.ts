import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { E2E_ADMIN, E2E_PORTS, e2eReleasesDir } from './ports';

const ROOT = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** Runs the teams' release tool against the product the browser tests started. */
export async function release(...args: string[]): Promise<string> {
  const { stdout } = await run('node', ['scripts/release.mjs', ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      API_URL: `http://127.0.0.1:${E2E_PORTS.api}/api`,
      API_PORT: String(E2E_PORTS.api),
      MFE_AUTH_PORT: String(E2E_PORTS.auth),
      MFE_USER_PORT: String(E2E_PORTS.user),
      MFE_OWNER_PORT: String(E2E_PORTS.owner),
      MFE_ADMIN_PORT: String(E2E_PORTS.admin),
      RELEASES_DIR: e2eReleasesDir,
      RELEASE_EMAIL: E2E_ADMIN.email,
      RELEASE_PASSWORD: E2E_ADMIN.password,
    },
  });
  return stdout;
}

/** The shell's bucket for a key (the same FNV-1a as shell/src/features/releases/bucket.ts). */
export function bucketOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % 100;
}

/** An anonymous id whose bucket satisfies `wanted`. */
export function anonymousIdWhere(wanted: (bucket: number) => boolean): string {
  for (let i = 0; ; i++) {
    const id = createHash('sha256').update(String(i)).digest('hex').slice(0, 32);
    if (wanted(bucketOf(`anonymous:${id}`))) return id;
  }
}
