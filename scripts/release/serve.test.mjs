// How `npm start` serves a remote's port: its release store first, its current build after.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { startStaticServer } from '../serve.mjs';

const tmp = await mkdtemp(path.join(os.tmpdir(), 'release-serve-'));
after(() => rm(tmp, { recursive: true, force: true }));

async function write(file, content) {
  await mkdir(path.dirname(path.join(tmp, file)), { recursive: true });
  await writeFile(path.join(tmp, file), content);
}

await write('releases/mfe-user/1.0.0-aaaaaaaa/remoteEntry.js', 'release entry');
await write('releases/mfe-user/1.0.0-aaaaaaaa/static/js/app.js', 'release chunk');
await write('releases/mfe-user/1.0.0-aaaaaaaa/index.html', 'release page');
await write('dist/remoteEntry.js', 'build entry');
await write('dist/index.html', 'build page');
await write('dist/static/js/app.js', 'build chunk');

async function get(server, pathname) {
  const res = await fetch(`http://127.0.0.1:${server.port}${pathname}`);
  return { status: res.status, body: await res.text(), cache: res.headers.get('Cache-Control') };
}

test('several roots are searched in order; versioned releases are cached for good', async () => {
  const server = await startStaticServer({
    roots: [
      { dir: path.join(tmp, 'releases', 'mfe-user'), immutable: true },
      path.join(tmp, 'dist'),
    ],
    port: 0,
    cors: true,
  });
  try {
    assert.deepEqual(await get(server, '/1.0.0-aaaaaaaa/remoteEntry.js'), {
      status: 200,
      body: 'release entry',
      cache: 'public, max-age=31536000, immutable',
    });
    assert.equal((await get(server, '/1.0.0-aaaaaaaa/static/js/app.js')).body, 'release chunk');
    assert.deepEqual(await get(server, '/remoteEntry.js'), {
      status: 200,
      body: 'build entry',
      cache: 'no-cache',
    });
    assert.equal((await get(server, '/static/js/app.js')).body, 'build chunk');
    // The standalone app's deep links still fall back to the build's page.
    assert.equal((await get(server, '/user/theaters')).body, 'build page');
    assert.equal((await get(server, '/1.0.0-aaaaaaaa/')).body, 'release page');
    assert.equal((await get(server, '/2.0.0-bbbbbbbb/remoteEntry.js')).status, 404);
    // Nothing outside the roots.
    assert.equal((await get(server, '/%2e%2e/%2e%2e/dist/index.html')).status, 404);
  } finally {
    await server.close();
  }
});

test('one root still works as before, and a missing release store is no obstacle', async () => {
  const server = await startStaticServer({ root: path.join(tmp, 'dist'), port: 0 });
  const empty = await startStaticServer({
    roots: [{ dir: path.join(tmp, 'no-releases-yet'), immutable: true }, path.join(tmp, 'dist')],
    port: 0,
  });
  try {
    assert.equal((await get(server, '/remoteEntry.js')).body, 'build entry');
    assert.equal((await get(empty, '/remoteEntry.js')).body, 'build entry');
  } finally {
    await server.close();
    await empty.close();
  }
});

test('a release is served to other origins with CORS, so the shell can check its integrity', async () => {
  // A <script crossorigin="anonymous" integrity=...> is a CORS request: without
  // Access-Control-Allow-Origin the browser refuses it before comparing any bytes.
  const server = await startStaticServer({
    roots: [{ dir: path.join(tmp, 'releases', 'mfe-user'), immutable: true }],
    port: 0,
    cors: true,
  });
  try {
    const res = await fetch(`http://127.0.0.1:${server.port}/1.0.0-aaaaaaaa/remoteEntry.js`, {
      headers: { Origin: 'http://localhost:3000', 'Sec-Fetch-Mode': 'cors' },
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('Access-Control-Allow-Origin'), '*');
    assert.equal(res.headers.get('Access-Control-Allow-Credentials'), null);
    assert.equal(await res.text(), 'release entry');
  } finally {
    await server.close();
  }
});
