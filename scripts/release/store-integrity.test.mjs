import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { brotliCompressSync } from 'node:zlib';
import { ReleaseError } from './errors.mjs';
import { storedIntegrity, storeRelease } from './store.mjs';

const tmp = await mkdtemp(path.join(os.tmpdir(), 'release-integrity-'));
after(() => rm(tmp, { recursive: true, force: true }));

async function writeTree(dir, files) {
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), content);
  }
}

// What a browser computes for the `integrity` attribute, written out independently of store.mjs.
const sha384 = (text) => `sha384-${createHash('sha384').update(text).digest('base64')}`;
const ENTRY = 'console.log("entry");'.repeat(40);

/** @param {string} name @param {Record<string, string | Buffer>} [files] */
async function published(name, files = { 'remoteEntry.js': ENTRY, 'static/js/a.js': 'a' }) {
  const dist = path.join(tmp, name, 'dist');
  const store = path.join(tmp, name, 'releases');
  await writeTree(dist, files);
  const args = { distDir: dist, releasesDir: store, remote: 'user', version: '1.0.0-dddddddd' };
  const folder = path.join(store, 'mfe-user', '1.0.0-dddddddd');
  return { dist, store, args, folder };
}

test('publishing records every file SHA-384 in integrity.json, the twins left out', async () => {
  const { store, args, folder } = await published('recorded', {
    'remoteEntry.js': ENTRY,
    'remoteEntry.js.br': brotliCompressSync(ENTRY),
    'static/js/a.js': 'a',
  });
  assert.equal(await storeRelease(args), true);
  const written = JSON.parse(await readFile(path.join(folder, 'integrity.json'), 'utf8'));
  assert.deepEqual(written, {
    algorithm: 'sha384',
    files: { 'remoteEntry.js': sha384(ENTRY), 'static/js/a.js': sha384('a') },
  });
  assert.match(written.files['remoteEntry.js'], /^sha384-[A-Za-z0-9+/]{64}$/);
  assert.deepEqual(await storedIntegrity(store, 'user', '1.0.0-dddddddd'), written.files);
});

test('the same build gives the same integrity.json in every store and on every publish', async () => {
  const first = await published('stable-a');
  const second = await published('stable-b');
  await storeRelease(first.args);
  await storeRelease(second.args);
  const text = await readFile(path.join(first.folder, 'integrity.json'), 'utf8');
  assert.equal(await readFile(path.join(second.folder, 'integrity.json'), 'utf8'), text);
  // Publishing again changes nothing, integrity.json included.
  assert.equal(await storeRelease(first.args), false);
  await storedIntegrity(first.store, 'user', '1.0.0-dddddddd');
  assert.equal(await readFile(path.join(first.folder, 'integrity.json'), 'utf8'), text);
});

test('a stored file altered after publishing is refused, not vouched for', async () => {
  const { store, args, folder } = await published('altered');
  await storeRelease(args);
  await writeFile(path.join(folder, 'remoteEntry.js'), `${ENTRY}\n// injected`);
  await assert.rejects(
    storedIntegrity(store, 'user', '1.0.0-dddddddd', '1.0.0-dddddddd of mfe-user'),
    (error) =>
      error instanceof ReleaseError &&
      error.message.startsWith(
        '1.0.0-dddddddd of mfe-user: its files no longer match integrity.json (remoteEntry.js)',
      ),
  );
  // An integrity.json rewritten to fit other bytes does not pass either.
  const other = await published('rewritten');
  await storeRelease(other.args);
  await writeFile(
    path.join(other.folder, 'integrity.json'),
    JSON.stringify({ algorithm: 'sha384', files: { 'remoteEntry.js': sha384('evil') } }),
  );
  await assert.rejects(storedIntegrity(other.store, 'user', '1.0.0-dddddddd'), ReleaseError);
});

test('a version stored before integrity.json existed gets one, once', async () => {
  const { store, args, folder } = await published('older');
  await storeRelease(args);
  await rm(path.join(folder, 'integrity.json'));
  const files = await storedIntegrity(store, 'user', '1.0.0-dddddddd');
  assert.equal(files['remoteEntry.js'], sha384(ENTRY));
  assert.deepEqual(
    JSON.parse(await readFile(path.join(folder, 'integrity.json'), 'utf8')).files,
    files,
  );
  // The same files are still the same release: storing the build again is nothing to do.
  assert.equal(await storeRelease(args), false);
});

test('a build holding its own integrity.json at the top is refused', async () => {
  const { args } = await published('own-file', {
    'remoteEntry.js': ENTRY,
    'integrity.json': '{"files":{}}',
  });
  await assert.rejects(
    storeRelease({ ...args, label: '1.0.0-dddddddd of mfe-user' }),
    (error) =>
      error instanceof ReleaseError &&
      error.message.includes('holds an integrity.json at its top; that name is the store'),
  );
});
