import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { ReleaseError } from './errors.mjs';
import { buildVersion, contentHash, isPublished, listFiles, storeRelease } from './store.mjs';

const tmp = await mkdtemp(path.join(os.tmpdir(), 'release-store-'));
after(() => rm(tmp, { recursive: true, force: true }));

async function writeTree(dir, files) {
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), content);
  }
}

test('the version is package.json version plus 8 hex of a hash over sorted paths and contents', async () => {
  const app = path.join(tmp, 'hash', 'mfe-user');
  await writeTree(app, {
    'package.json': JSON.stringify({ version: '1.4.0' }),
    'dist/remoteEntry.js': 'entry',
    'dist/static/js/b.js': 'b',
    'dist/static/js/a.js': 'a',
  });
  assert.deepEqual(await listFiles(path.join(app, 'dist')), [
    'remoteEntry.js',
    'static/js/a.js',
    'static/js/b.js',
  ]);
  const version = await buildVersion(app, path.join(app, 'dist'));
  assert.match(version, /^1\.4\.0-[0-9a-f]{8}$/);

  // The same files elsewhere, written in another order: the same version.
  const copy = path.join(tmp, 'hash', 'copy');
  await writeTree(copy, {
    'static/js/a.js': 'a',
    'remoteEntry.js': 'entry',
    'static/js/b.js': 'b',
  });
  assert.equal(await contentHash(copy), await contentHash(path.join(app, 'dist')));
  // A renamed file or a changed byte: another version.
  await writeTree(copy, { 'static/js/b.js': 'B' });
  assert.notEqual(await contentHash(copy), await contentHash(path.join(app, 'dist')));
});

test('a build is copied once into <store>/mfe-<remote>/<version>/ and never overwritten', async () => {
  const dist = path.join(tmp, 'copy', 'dist');
  const store = path.join(tmp, 'copy', 'releases');
  await writeTree(dist, { 'remoteEntry.js': 'entry', 'static/js/a.js': 'a' });
  const args = { distDir: dist, releasesDir: store, remote: 'user', version: '1.0.0-aaaaaaaa' };

  assert.equal(await isPublished(store, 'user', '1.0.0-aaaaaaaa'), false);
  assert.equal(await storeRelease(args), true);
  assert.equal(await isPublished(store, 'user', '1.0.0-aaaaaaaa'), true);
  assert.equal(
    await readFile(path.join(store, 'mfe-user', '1.0.0-aaaaaaaa', 'static', 'js', 'a.js'), 'utf8'),
    'a',
  );
  // Again with the same files: nothing to do.
  assert.equal(await storeRelease(args), false);

  // Other files under a version already published: refused, and the published files stay.
  await writeTree(dist, { 'static/js/a.js': 'changed' });
  await assert.rejects(
    storeRelease({ ...args, label: '1.0.0-aaaaaaaa of mfe-user' }),
    (error) =>
      error instanceof ReleaseError &&
      error.message.startsWith(
        '1.0.0-aaaaaaaa of mfe-user already exists with other files; a published version never changes',
      ),
  );
  assert.equal(
    await readFile(path.join(store, 'mfe-user', '1.0.0-aaaaaaaa', 'static', 'js', 'a.js'), 'utf8'),
    'a',
  );
  // No temporary folder is left behind.
  assert.deepEqual(await listFiles(path.join(store, 'mfe-user')), [
    '1.0.0-aaaaaaaa/integrity.json',
    '1.0.0-aaaaaaaa/remoteEntry.js',
    '1.0.0-aaaaaaaa/static/js/a.js',
  ]);
});

test('compressed twins are derived, not content: they never change a version', async () => {
  const plain = path.join(tmp, 'twins-hash', 'plain');
  const twinned = path.join(tmp, 'twins-hash', 'twinned');
  const entry = 'console.log("entry");'.repeat(40);
  await writeTree(plain, { 'remoteEntry.js': entry, 'logo.png.gz': 'not a twin: png is binary' });
  await writeTree(twinned, {
    'remoteEntry.js': entry,
    'remoteEntry.js.br': brotliCompressSync(entry),
    'remoteEntry.js.gz': gzipSync(entry),
    'logo.png.gz': 'not a twin: png is binary',
  });
  assert.equal(await contentHash(twinned), await contentHash(plain));
  // A file named like a twin without its file beside it is content like any other.
  await writeTree(plain, { 'notes.txt.gz': 'x' });
  assert.notEqual(await contentHash(twinned), await contentHash(plain));
});

test('a stored release has twins that decode to its files, even when the build was patched after', async () => {
  const dist = path.join(tmp, 'twins-store', 'dist');
  const store = path.join(tmp, 'twins-store', 'releases');
  const built = 'console.log("stable build");'.repeat(40);
  const patched = built.replace('stable', 'patched');
  // A copy of a build changed after it was built: its twins still hold the built text.
  await writeTree(dist, {
    'remoteEntry.js': patched,
    'remoteEntry.js.br': brotliCompressSync(built),
    'remoteEntry.js.gz': gzipSync(built),
    'static/js/a.js': built,
  });
  const args = { distDir: dist, releasesDir: store, remote: 'user', version: '1.0.0-cccccccc' };
  assert.equal(await storeRelease(args), true);
  const stored = path.join(store, 'mfe-user', '1.0.0-cccccccc');
  assert.equal(await readFile(path.join(stored, 'remoteEntry.js'), 'utf8'), patched);
  const br = await readFile(path.join(stored, 'remoteEntry.js.br'));
  const gz = await readFile(path.join(stored, 'remoteEntry.js.gz'));
  assert.equal(brotliDecompressSync(br).toString(), patched);
  assert.equal(gunzipSync(gz).toString(), patched);
  // A file the build left without twins gets them in the store.
  const chunkBr = await readFile(path.join(stored, 'static', 'js', 'a.js.br'));
  assert.equal(brotliDecompressSync(chunkBr).toString(), built);
  // Publishing the same build again finds the same release: nothing to do, no error.
  assert.equal(await storeRelease(args), false);
});
