// Where each part of the product runs, and how to start its processes. One place for the Node
// scripts (start, dev, build, tests) so ports and commands are never written twice.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_PORT, REMOTE_NAMES, REMOTES, SHELL_PORT } from '../packages/federation/src/index.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BIN = path.join(ROOT, 'node_modules', '.bin');

const envPort = (name, fallback) => Number(process.env[name]) || fallback;

/** Ports in force: the defaults, or the overrides from the environment. */
export function ports() {
  return {
    api: envPort('API_PORT', API_PORT),
    shell: envPort('SHELL_PORT', SHELL_PORT),
    ...Object.fromEntries(
      REMOTE_NAMES.map((name) => [
        name,
        envPort(`MFE_${name.toUpperCase()}_PORT`, REMOTES[name].port),
      ]),
    ),
  };
}

/** The apps Rsbuild builds, each with its own folder and dist. */
export const FRONTEND_APPS = ['shell', ...REMOTE_NAMES.map((name) => `mfe-${name}`)];

/**
 * The runtime config the shell boots from: where the API and each remote's entry live. The API is
 * on the shell's own origin, whose server sends /api/ on to it (scripts/api-proxy.mjs).
 */
export function runtimeConfig(p = ports(), host = 'localhost') {
  return {
    apiBaseUrl: '/api',
    remotes: Object.fromEntries(
      REMOTE_NAMES.map((name) => [name, { entry: `http://${host}:${p[name]}/remoteEntry.js` }]),
    ),
  };
}

// The API needs the network, files under .data, env, FFI for argon2 and sys info for PGlite.
const API_PERMISSIONS = [
  '--allow-env',
  '--allow-net',
  '--allow-read',
  '--allow-write',
  '--allow-sys',
  '--allow-ffi',
];

/** Starts the API with the Deno binary npm installed (no global Deno needed). */
export function spawnApi({ watch = false, env = {}, stdio = 'inherit' } = {}) {
  const args = ['run', ...(watch ? ['--watch'] : []), ...API_PERMISSIONS, 'src/main.ts'];
  return spawn(path.join(BIN, 'deno'), args, {
    cwd: path.join(ROOT, 'api'),
    env: { ...process.env, ...env },
    stdio,
  });
}

/** Resolves once the API answers its health check, or fails after `timeoutMs`. */
export async function waitForApi(port, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The API did not become healthy on port ${port} within ${timeoutMs / 1000} s`);
}

/** Runs a command to completion, failing with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: ROOT, ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} exited ${code ?? signal}`)),
    );
  });
}
