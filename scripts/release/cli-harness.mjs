// The release CLI's tests' harness (release/cli-*.test.mjs): a real API they start once per
// file, small fake builds in a temporary repository layout, and `node scripts/release.mjs ...`
// run against them.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import { ROOT, spawnApi, waitForApi } from '../apps.mjs';
import { freePort } from '../postgres.mjs';
import { releaseOptions } from './commands.mjs';

export const ADMIN = { email: 'releaser@example.com', password: 'Release#2026' };
const CLI = path.join(ROOT, 'scripts', 'release.mjs');
export const SHELL_SHARED = { react: '19.3.1', 'react-dom': '19.3.1', zustand: '5.1.0' };

let tmp = '';
let api;
let apiUrl = '';
/** The API's base URL (http://127.0.0.1:port/api), once it runs. */
export const apiUrlOf = () => apiUrl;
let apiOutput = '';

/**
 * Starts the API before the file's tests (its own process, port and embedded database) and
 * stops it after them; call once at the top of a test file.
 */
export function useReleaseApi() {
  before(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'release-cli-'));
    const port = await freePort();
    api = spawnApi({
      env: {
        API_PORT: String(port),
        DATA_DIR: path.join(tmp, 'data'),
        // Always the embedded database: a server's would keep releases from earlier runs.
        DATABASE_URL: '',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        NODE_ENV: 'test',
        SEED_DEMO: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    api.stdout?.on('data', (chunk) => {
      apiOutput += chunk;
    });
    api.stderr?.on('data', (chunk) => {
      apiOutput += chunk;
    });
    const exited = new Promise((_, reject) =>
      api.once('exit', (code) => reject(new Error(`The API exited (${code}):\n${apiOutput}`))),
    );
    // Six seconds on an idle machine; CI runs this suite at a lower priority beside the API and
    // browser suites (scripts/test/run.mjs), where the same start has taken over 90 s.
    await Promise.race([waitForApi(port, 300_000), exited]);
    apiUrl = `http://127.0.0.1:${port}/api`;
    const manifest = await fetch(`${apiUrl}/releases/manifest/`);
    if (manifest.status !== 200) {
      throw new Error(
        `GET /api/releases/manifest/ answered ${manifest.status}: is the releases router mounted in api/src/app.ts?`,
      );
    }
  });

  after(async () => {
    if (api && api.exitCode === null) {
      api.removeAllListeners('exit');
      const exited = new Promise((resolve) => api.once('exit', resolve));
      api.kill('SIGTERM');
      await exited;
    }
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });
}

// ---- fixtures ----------------------------------------------------------------------------------

export const sharedList = (container, versions, required = {}) =>
  Object.entries(versions).map(([name, version]) => ({
    id: `${container}:${name}`,
    name,
    version,
    singleton: true,
    requiredVersion: required[name] ?? `^${version.split('.')[0]}.0.0`,
    assets: { js: { async: [], sync: [] }, css: { async: [], sync: [] } },
  }));

let roots = 0;
/** A repository layout with a built shell, ready for fake remote builds. */
export async function fakeRepo() {
  const root = path.join(tmp, `repo-${++roots}`);
  await write(root, 'shell/dist/mf-manifest.json', {
    name: 'shell',
    shared: sharedList('shell', SHELL_SHARED),
  });
  return root;
}

export async function write(root, file, content) {
  const target = path.join(root, file);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
}

/**
 * A small build of mfe-<remote>: index.html, remoteEntry.js, a chunk and mf-manifest.json.
 * @param {string} root
 * @param {string} remote
 * @param {{ version?: string, body?: string, shared?: Record<string, string>,
 *   required?: Record<string, string> }} [options]
 */
export async function fakeBuild(
  root,
  remote,
  { version = '1.0.0', body = 'one', shared, required } = {},
) {
  const container = `mfe_${remote}`;
  await rm(path.join(root, `mfe-${remote}`, 'dist'), { recursive: true, force: true });
  await write(root, `mfe-${remote}/package.json`, { name: `@cinema/mfe-${remote}`, version });
  await write(root, `mfe-${remote}/dist/index.html`, `<!doctype html><title>${remote}</title>`);
  await write(root, `mfe-${remote}/dist/remoteEntry.js`, `var ${container} = '${body}';`);
  await write(root, `mfe-${remote}/dist/static/js/app.js`, `console.log('${body}');`);
  await write(root, `mfe-${remote}/dist/mf-manifest.json`, {
    name: container,
    shared: sharedList(container, shared ?? SHELL_SHARED, required),
  });
}

/** Runs the CLI; resolves to {code, stdout, stderr}. */
export function cli(root, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        API_URL: apiUrl,
        RELEASE_EMAIL: ADMIN.email,
        RELEASE_PASSWORD: ADMIN.password,
        RELEASE_ROOT: root,
        ...env,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout: stdout.trim(), stderr: stderr.trim() }));
  });
}

/** `publish` that must succeed; resolves to the version it printed. */
export async function published(root, remote) {
  const r = await cli(root, ['publish', remote]);
  assert.equal(r.code, 0, r.stderr);
  const version = /^mfe-\w+ (\S+) /.exec(r.stdout)?.[1];
  assert.ok(version, r.stdout);
  return version;
}

export async function manifest() {
  return (await (await fetch(`${apiUrl}/releases/manifest/`)).json()).remotes;
}

export function assertFailed(r, code, message) {
  assert.equal(r.code, code, `exit code; stderr: ${r.stderr}`);
  assert.equal(r.stdout, '');
  if (message instanceof RegExp) assert.match(r.stderr, message);
  else assert.equal(r.stderr, message);
}

// ---- a browser ---------------------------------------------------------------------------------

/**
 * A JSON request to the API as a browser on another machine would send it: from `from`, one of
 * the loopback addresses 127.0.0.x (the API then sees that address).
 */
export function browserRequest(from, method, url, body) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      url,
      {
        method,
        localAddress: from,
        headers: payload ? { 'Content-Type': 'application/json' } : {},
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** What the shell does: the manifest for its bucket, then a report with the ticket it got. */
export async function reportFrom(from, remote, version, outcome) {
  const manifest = await browserRequest(from, 'GET', `${apiUrl}/releases/manifest/?bucket=0`);
  assert.equal(manifest.status, 200);
  const ticket = manifest.body.remotes[remote].ticket;
  assert.equal(ticket?.version, version);
  return await browserRequest(from, 'POST', `${apiUrl}/releases/events/`, {
    remote,
    version,
    outcome,
    ticket: ticket.value,
  });
}

export function optionsFor(root) {
  return {
    ...releaseOptions({
      API_URL: apiUrl,
      RELEASE_EMAIL: ADMIN.email,
      RELEASE_PASSWORD: ADMIN.password,
      RELEASE_ROOT: root,
    }),
  };
}
