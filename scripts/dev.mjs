// `npm run dev`: the API with file watching and every app's Rsbuild dev server. The shell's dev
// server serves public/runtime-config.json, which points at the remotes' dev servers.
//
// `npm run dev -- <remote> [--minutes N]`: only that remote's dev server, developed against the
// product as it runs (its shell, API and other areas): once the dev server answers, the running
// API (API_URL, credentials as the release CLI's) is asked for a private preview link whose
// entry is the dev server's remoteEntry.js, and the link is printed (decision 0036). The site must
// allow loopback scripts for it (DEV_PREVIEWS=1 where it is served).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTES } from '../packages/federation/src/index.js';
import { BIN, FRONTEND_APPS, portFree, portVariable, ROOT, spawnApi } from './apps.mjs';
import { freePort } from './postgres.mjs';
import { knownRemote, releaseOptions } from './release/commands.mjs';
import { ReleaseError } from './release/errors.mjs';
import { formatPreview, parseMinutes, preview } from './release/preview.mjs';

export const USAGE =
  'Usage: npm run dev [-- <remote> [--minutes N]]   (remotes: auth, user, owner, admin)';

/** A dev link lasts a working day unless told otherwise. */
export const DEV_PREVIEW_MINUTES = 480;

/** `[remote] [--minutes N]` -> {remote, minutes}; a ReleaseError for anything else. */
export function parseDevArgs(argv) {
  let remote = null;
  let minutes = DEV_PREVIEW_MINUTES;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--minutes' || arg.startsWith('--minutes=')) {
      minutes = parseMinutes(arg.includes('=') ? arg.slice('--minutes='.length) : argv[++i]);
    } else if (arg.startsWith('-') || remote !== null) {
      throw new ReleaseError(`Unexpected argument ${arg}. ${USAGE}`);
    } else remote = knownRemote(arg);
  }
  if (remote === null && minutes !== DEV_PREVIEW_MINUTES) {
    throw new ReleaseError(`--minutes is only for a remote's dev server. ${USAGE}`);
  }
  return { remote, minutes };
}

/**
 * The dev server's port: MFE_<REMOTE>_PORT when set; else the remote's usual port when free; else
 * any free one (`npm start` serves the remote's releases on its usual port).
 */
export async function devPort(remote, env = process.env, isFree = portFree) {
  const variable = portVariable(remote);
  if (Number(env[variable])) return Number(env[variable]);
  const usual = REMOTES[remote].port;
  return (await isFree(usual)) === true ? usual : await freePort();
}

/** Resolves once `url` answers 200; rejects when `child` exits first or after `timeoutMs`. */
export async function waitForEntry(url, child, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The dev server exited (${child.exitCode})`);
    try {
      const response = await fetch(url, { cache: 'no-store' });
      await response.body?.cancel();
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** Every app and the API, as before. */
function devAll() {
  return [
    spawnApi({ watch: true }),
    ...FRONTEND_APPS.map((app) =>
      spawn(path.join(BIN, 'rsbuild'), ['dev'], { cwd: path.join(ROOT, app), stdio: 'inherit' }),
    ),
  ];
}

/** One remote's dev server, and a preview link to it from the running product's API. */
async function devRemote(remote, minutes) {
  const port = await devPort(remote);
  const child = spawn(path.join(BIN, 'rsbuild'), ['dev'], {
    cwd: path.join(ROOT, `mfe-${remote}`),
    // Built to run inside the deployed shell (packages/federation/src/rsbuild.ts).
    env: { ...process.env, [portVariable(remote)]: String(port), CINEMA_DEV_PREVIEW: '1' },
    stdio: 'inherit',
  });
  const entry = `http://localhost:${port}/remoteEntry.js`;
  // Nothing left to do without it (e.g. its port was taken meanwhile).
  child.once('exit', (code) => process.exit(code ?? 1));
  void waitForEntry(entry, child)
    .then(() => preview(releaseOptions(), remote, { entry, minutes }))
    .then(
      (link) =>
        console.log(
          `\n${formatPreview(link)}\nThe site must allow loopback dev servers (DEV_PREVIEWS=1 where it is served).\n`,
        ),
      (error) =>
        console.error(
          `\nNo preview link: ${error?.message ?? error}\nThe dev server still runs at ${entry}; its standalone page is http://localhost:${port}/.\n`,
        ),
    );
  return [child];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let args;
  try {
    args = parseDevArgs(process.argv.slice(2));
  } catch (error) {
    console.error(error.message);
    process.exit(2);
  }
  const children = args.remote ? await devRemote(args.remote, args.minutes) : devAll();

  // SIGINT, not SIGTERM: `deno run --watch` ignores SIGTERM. Wait for every child to exit so no
  // orphan keeps a port.
  async function stop() {
    const running = children.filter((child) => child.exitCode === null);
    for (const child of running) child.kill('SIGINT');
    await Promise.all(
      running.map((child) => new Promise((resolve) => child.once('exit', resolve))),
    );
    process.exit(0);
  }
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
