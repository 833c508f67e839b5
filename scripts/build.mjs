// Builds every frontend app in production mode, two at a time (the machines have two cores).
// With `reuse`, an app whose inputs are byte for byte those of its last build keeps that build:
// its inputs are its own files and the shared packages (every workspace package an app can
// import), the lockfile and the root compiler settings; their digest is kept, with one of the
// build's own files (names, sizes, times: a build changed or removed since is not reused), under
// node_modules/.cache/ (not in dist/, which is served and published as it is). `npm test` builds once this way, so a second run, or a run whose change did not touch
// an app, builds nothing again.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BIN, FRONTEND_APPS, ROOT } from './apps.mjs';

/** Folders that are output or dependencies, never an input of a build. */
const NOT_INPUT = new Set(['node_modules', 'dist', 'coverage', 'test-results']);
const STAMPS = path.join(ROOT, 'node_modules', '.cache', 'cinema-builds');

/**
 * Every file under `dir`, relative to the root, in a stable order.
 * @param {string} dir
 * @returns {string[]}
 */
function inputFiles(dir) {
  if (!existsSync(dir)) return [];
  /** @type {string[]} */
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    if (entry.name.startsWith('.') || NOT_INPUT.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...inputFiles(full));
    else out.push(path.relative(ROOT, full));
  }
  return out;
}

/**
 * The digest of everything an app's build reads.
 * @param {string} app
 */
export function buildInputs(app) {
  const hash = createHash('sha256');
  const files = [
    ...inputFiles(path.join(ROOT, app)),
    ...inputFiles(path.join(ROOT, 'packages')),
    'package-lock.json',
    'tsconfig.json',
  ];
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(ROOT, file)));
  }
  return hash.digest('hex');
}

/**
 * The digest of a build as it is on disk: its files' names, sizes and modification times.
 * @param {string} app
 */
function builtFiles(app) {
  const hash = createHash('sha256');
  const dist = path.join(ROOT, app, 'dist');
  /** @param {string} dir */
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        const { size, mtimeMs } = statSync(full);
        hash.update(`${path.relative(dist, full)} ${size} ${mtimeMs}\0`);
      }
    }
  };
  if (existsSync(dist)) walk(dist);
  return hash.digest('hex');
}

/**
 * @param {string[]} [apps]
 * @param {number} [concurrency]
 * @param {{ reuse?: boolean, out?: { write: (chunk: string | Buffer) => void } }} [options]
 *   `out`: where the builds' output goes (default: this process's).
 */
export async function buildAll(apps = FRONTEND_APPS, concurrency = 2, { reuse = false, out } = {}) {
  const queue = [...apps];
  const write = out
    ? out.write
    : (/** @type {string | Buffer} */ chunk) => process.stdout.write(chunk);
  const worker = async () => {
    for (let app = queue.shift(); app; app = queue.shift()) {
      const stamp = path.join(STAMPS, `${app}.txt`);
      const inputs = reuse ? buildInputs(app) : null;
      if (
        inputs &&
        existsSync(stamp) &&
        readFileSync(stamp, 'utf8') === `${inputs} ${builtFiles(app)}`
      ) {
        write(`${app}: built before from the same inputs, kept\n`);
        continue;
      }
      await build(app, write);
      if (inputs) {
        mkdirSync(STAMPS, { recursive: true });
        writeFileSync(stamp, `${inputs} ${builtFiles(app)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/**
 * @param {string} app
 * @param {(chunk: string | Buffer) => void} write
 * @returns {Promise<void>}
 */
function build(app, write) {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(BIN, 'rsbuild'), ['build'], {
      cwd: path.join(ROOT, app),
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', write);
    child.stderr.on('data', write);
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`rsbuild build in ${app} exited ${code ?? signal}`)),
    );
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const only = process.argv.slice(2);
  await buildAll(only.length > 0 ? only : FRONTEND_APPS);
}
