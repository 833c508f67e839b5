import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { bucketOf } from '@cinema/contract';
import type { BrowserContext } from '@playwright/test';
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

/** The shell's bucket for a key: the very function the shell uses (packages/contract). */
export { bucketOf };

/** An anonymous id whose bucket satisfies `wanted`. */
export function anonymousIdWhere(wanted: (bucket: number) => boolean): string {
  for (let i = 0; ; i++) {
    const id = createHash('sha256').update(String(i)).digest('hex').slice(0, 32);
    if (wanted(bucketOf(`anonymous:${id}`))) return id;
  }
}

/**
 * Makes a browser context reach the release registry (manifest and reports) from `address`, one
 * of the loopback addresses 127.0.0.x, as if it sat on its own network: the API counts one
 * reporter per address, and every browser of a test machine otherwise comes from 127.0.0.1. Its
 * requests are sent on from that address as they are and the API's answers handed back whole.
 */
export async function onOwnNetwork(context: BrowserContext, address: string): Promise<void> {
  await context.route(
    (url) => url.pathname.startsWith('/api/releases/'),
    async (route) => {
      const request = route.request();
      const url = new URL(request.url());
      // Straight to the API, not through the site's /api/ (whose proxy the API would see), and to
      // 127.0.0.1 itself: a name could resolve to ::1, which no 127.0.0.x address can reach.
      url.hostname = '127.0.0.1';
      url.port = String(E2E_PORTS.api);
      // headers(), not allHeaders(): asking the browser for the rest waits on a page that may be
      // unloading (the beacons are sent as it goes), and a beacon lost there left a canary with
      // too few views to be judged. The release calls need no cookie.
      const headers = { ...request.headers() };
      for (const name of Object.keys(headers)) {
        if (name.startsWith(':') || ['host', 'connection', 'content-length'].includes(name)) {
          delete headers[name];
        }
      }
      const answer = await new Promise<{
        status: number;
        headers: Record<string, string>;
        body: Buffer;
      }>((resolve, reject) => {
        const req = httpRequest(
          url,
          { method: request.method(), headers, localAddress: address },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => {
              const out: Record<string, string> = {};
              for (const [name, value] of Object.entries(res.headers)) {
                if (
                  value !== undefined &&
                  !['connection', 'transfer-encoding', 'keep-alive'].includes(name)
                ) {
                  out[name] = Array.isArray(value) ? value.join(', ') : value;
                }
              }
              resolve({ status: res.statusCode ?? 502, headers: out, body: Buffer.concat(chunks) });
            });
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(request.postDataBuffer() ?? undefined);
      });
      // The page that sent a beacon may be gone by now: the API has it, which is what counts.
      await route.fulfill(answer).catch(() => {});
    },
  );
}
