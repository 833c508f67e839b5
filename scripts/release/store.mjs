// The release store: one folder per remote, one subfolder per version, written once. A version is
// the remote's package.json version plus the first 8 hex digits of a SHA-256 over its build
// (sorted relative paths and contents), so the same build always gets the same version and
// another build never gets it. The Brotli and gzip twins of the build's text files are derived
// from them (packages/federation/src/compress.js): they are left out of the hash, and a stored
// release always gets twins that decode to its files, whatever the build folder held. Beside the
// files, integrity.json records each one's SHA-384 in the browser's Subresource Integrity form
// (docs/decisions/0037-release-integrity.md); it is written with them and never rewritten.
import { createHash, randomBytes } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isTwinIn, writeCompressedTwins } from '../../packages/federation/src/compress.js';
import { ReleaseError } from './errors.mjs';

/** Every file under `dir`, as sorted relative paths with forward slashes. */
export async function listFiles(dir) {
  const files = [];
  const walk = async (relative) => {
    const entries = await readdir(path.join(dir, relative), { withFileTypes: true });
    for (const entry of entries) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile()) files.push(child);
    }
  };
  await walk('');
  // Plain code-unit order: the same on every machine and locale.
  return files.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The store's record of every file's SHA-384, at the top of a version's folder. */
export const INTEGRITY_FILE = 'integrity.json';

/** The files a release is made of: twins (derived) and the store's integrity.json aside. */
async function releaseFiles(dir) {
  const files = await listFiles(dir);
  const all = new Set(files);
  return files.filter((name) => name !== INTEGRITY_FILE && !isTwinIn(name, all));
}

/** SHA-256 (hex) over the sorted relative paths and contents of a release's files under `dir`. */
export async function contentHash(dir) {
  const hash = createHash('sha256');
  for (const file of await releaseFiles(dir)) {
    const content = await readFile(path.join(dir, file));
    hash.update(`${file}\0${content.length}\0`);
    hash.update(content);
  }
  return hash.digest('hex');
}

/** Subresource Integrity of some bytes: `sha384-<base64>`, what a script's `integrity` holds. */
export const sri = (content) => `sha384-${createHash('sha384').update(content).digest('base64')}`;

/**
 * Each file's SRI under `dir` (the bytes a browser decodes, so a Brotli or gzip twin has its
 * file's): `{ "remoteEntry.js": "sha384-...", ... }` in sorted path order.
 */
export async function integrityOf(dir) {
  const files = {};
  for (const file of await releaseFiles(dir))
    files[file] = sri(await readFile(path.join(dir, file)));
  return files;
}

const integrityJson = (files) => `${JSON.stringify({ algorithm: 'sha384', files }, null, 2)}\n`;

/** `<package.json version>-<8 hex digits of the content hash>`. */
export async function buildVersion(appDir, distDir) {
  const pkg = JSON.parse(await readFile(path.join(appDir, 'package.json'), 'utf8'));
  return `${pkg.version}-${(await contentHash(distDir)).slice(0, 8)}`;
}

export const storeDir = (releasesDir, remote) => path.join(releasesDir, `mfe-${remote}`);
export const versionDir = (releasesDir, remote, version) =>
  path.join(storeDir(releasesDir, remote), version);

const exists = (file) =>
  stat(file).then(
    () => true,
    () => false,
  );

/** Whether a version's files are in the store (its folder with a remoteEntry.js). */
export function isPublished(releasesDir, remote, version) {
  return exists(path.join(versionDir(releasesDir, remote, version), 'remoteEntry.js'));
}

async function copyTree(from, to) {
  for (const file of await listFiles(from)) {
    const target = path.join(to, ...file.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(path.join(from, file), target);
  }
}

/**
 * Copies a build into `<releasesDir>/mfe-<remote>/<version>/`, never overwriting: a folder with
 * the same files already there is fine (nothing to do), one with other files is an error. The
 * files land in a temporary folder first and are renamed into place, so a version's folder is
 * never seen half written. Resolves to true when it copied, false when it was already there.
 */
export async function storeRelease({ distDir, releasesDir, remote, version, label = version }) {
  const target = versionDir(releasesDir, remote, version);
  if (await exists(path.join(distDir, INTEGRITY_FILE))) {
    throw new ReleaseError(
      `${label}: the build holds an ${INTEGRITY_FILE} at its top; that name is the store's own`,
    );
  }
  const sameAsBuild = async () => (await contentHash(target)) === (await contentHash(distDir));
  if (await exists(target)) {
    if (await sameAsBuild()) return false;
    throw new ReleaseError(
      `${label} already exists with other files; a published version never changes (${target})`,
    );
  }
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.partial-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await copyTree(distDir, temporary);
    // Twins that match their files are kept as built; stale or missing ones are made anew (a
    // build patched after it was built still holds the old text in its twins).
    await writeCompressedTwins(temporary, { keepValid: true });
    await writeFile(
      path.join(temporary, INTEGRITY_FILE),
      integrityJson(await integrityOf(temporary)),
    );
    try {
      await rename(temporary, target);
    } catch (error) {
      // Someone published the same version meanwhile (rename onto a non-empty folder fails).
      if (!(await exists(target))) throw error;
      if (!(await sameAsBuild())) {
        throw new ReleaseError(`${label} already exists with other files (${target})`);
      }
      return false;
    }
    return true;
  } finally {
    await rm(temporary, { recursive: true, force: true });
  }
}

/**
 * The SHA-384 of every file of a stored version, from its integrity.json, after checking that the
 * files still have them (a store altered since publishing is refused, not vouched for). A version
 * stored before integrity.json existed gets one now, once: `wx` never replaces one written
 * meanwhile.
 */
export async function storedIntegrity(releasesDir, remote, version, label = version) {
  const dir = versionDir(releasesDir, remote, version);
  const file = path.join(dir, INTEGRITY_FILE);
  const actual = await integrityOf(dir);
  let recorded;
  try {
    recorded = JSON.parse(await readFile(file, 'utf8')).files;
  } catch (error) {
    if (error?.code !== 'ENOENT') {
      throw new ReleaseError(`${label}: ${INTEGRITY_FILE} cannot be read (${file})`);
    }
    await writeFile(file, integrityJson(actual), { flag: 'wx' }).catch((failure) => {
      if (failure?.code !== 'EEXIST') throw failure;
    });
    recorded = JSON.parse(await readFile(file, 'utf8')).files;
  }
  const names = new Set([...Object.keys(actual), ...Object.keys(recorded ?? {})]);
  const changed = [...names].filter((name) => actual[name] !== recorded?.[name]).sort();
  if (changed.length > 0) {
    throw new ReleaseError(
      `${label}: its files no longer match ${INTEGRITY_FILE} (${changed.slice(0, 3).join(', ')}${
        changed.length > 3 ? ', ...' : ''
      }); a published version never changes (${dir})`,
    );
  }
  return recorded;
}

/** What the browser checks a release's remoteEntry.js against (the shell's entryIntegrity.ts). */
export async function entryIntegrity(releasesDir, remote, version, label) {
  return (await storedIntegrity(releasesDir, remote, version, label))['remoteEntry.js'];
}
