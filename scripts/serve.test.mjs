// How the static server of `npm start` answers Accept-Encoding: the build's Brotli and gzip twins
// of each text file, the best one the browser accepts, for the shell, the remotes and the release
// store alike. Requests go through node:http, which (unlike fetch) does not decompress, so each
// test sees the bytes and headers a browser or a CDN would.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { chooseEncoding, parseAcceptEncoding, startStaticServer } from './serve.mjs';

const tmp = await mkdtemp(path.join(os.tmpdir(), 'serve-encoding-'));
after(() => rm(tmp, { recursive: true, force: true }));

const SCRIPT = `console.log(${JSON.stringify('popcorn '.repeat(400))});\n`;
const PAGE = `<!doctype html><html lang="en"><title>${'CineBook '.repeat(50)}</title></html>`;

async function write(file, content) {
  await mkdir(path.dirname(path.join(tmp, file)), { recursive: true });
  await writeFile(path.join(tmp, file), content);
}

/** A file with both twins, as the build writes them. */
async function writeWithTwins(file, content) {
  await write(file, content);
  await write(`${file}.br`, brotliCompressSync(content));
  await write(`${file}.gz`, gzipSync(content));
}

await writeWithTwins('dist/static/js/app.js', SCRIPT);
await writeWithTwins('dist/index.html', PAGE);
await writeWithTwins('dist/remoteEntry.js', SCRIPT);
await write('dist/static/js/gzip-only.js', SCRIPT);
await write('dist/static/js/gzip-only.js.gz', gzipSync(SCRIPT));
await write('dist/static/js/plain.js', SCRIPT);
await write('dist/logo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
await writeWithTwins('releases/mfe-user/1.0.0-aaaaaaaa/remoteEntry.js', `${SCRIPT}// release\n`);

/** One raw request: status, headers and the body's bytes as sent. */
function get(server, pathname, headers = {}, method = 'GET') {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: server.port, path: pathname, method, headers },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The body as the browser reads it, after undoing the Content-Encoding. */
function decoded({ headers, body }) {
  const coding = headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(body).toString();
  if (coding === 'gzip') return gunzipSync(body).toString();
  assert.equal(coding, undefined);
  return body.toString();
}

describe('serving compressed twins', () => {
  let server;
  before(async () => {
    server = await startStaticServer({
      roots: [
        { dir: path.join(tmp, 'releases', 'mfe-user'), immutable: true },
        path.join(tmp, 'dist'),
      ],
      port: 0,
      cors: true,
    });
  });
  after(() => server.close());

  test('a browser that accepts Brotli gets the .br twin, with its length and the type of the file', async () => {
    const res = await get(server, '/static/js/app.js', {
      'Accept-Encoding': 'gzip, deflate, br, zstd',
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-encoding'], 'br');
    assert.equal(res.headers.vary, 'Accept-Encoding');
    assert.equal(res.headers['content-type'], 'text/javascript; charset=utf-8');
    assert.equal(Number(res.headers['content-length']), res.body.length);
    assert.ok(res.body.length < SCRIPT.length / 5, 'the compressed bytes go over the wire');
    assert.equal(decoded(res), SCRIPT);
    assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(res.headers['access-control-allow-origin'], '*');
  });

  test('a browser that accepts only gzip (or x-gzip) gets the .gz twin', async () => {
    for (const accept of ['gzip', 'x-gzip', 'deflate, gzip;q=0.8']) {
      const res = await get(server, '/static/js/app.js', { 'Accept-Encoding': accept });
      assert.equal(res.headers['content-encoding'], 'gzip', accept);
      assert.equal(res.headers.vary, 'Accept-Encoding');
      assert.equal(decoded(res), SCRIPT);
    }
  });

  test('without Accept-Encoding, or accepting only identity, the file goes out as it is', async () => {
    for (const headers of [{}, { 'Accept-Encoding': 'identity' }, { 'Accept-Encoding': '' }]) {
      const res = await get(server, '/static/js/app.js', headers);
      assert.equal(res.status, 200);
      assert.equal(res.headers['content-encoding'], undefined, JSON.stringify(headers));
      // The answer still depends on the header: a cache must not hand it to a Brotli browser.
      assert.equal(res.headers.vary, 'Accept-Encoding');
      assert.equal(res.body.toString(), SCRIPT);
      assert.equal(Number(res.headers['content-length']), Buffer.byteLength(SCRIPT));
    }
  });

  test('weights decide: q=0 refuses a coding, a higher q wins over the server preference', async () => {
    const cases = [
      ['br;q=0, gzip', 'gzip'],
      ['gzip, br;q=0.5', 'gzip'],
      ['gzip;q=0.5, br;q=0.9', 'br'],
      ['br;q=0, gzip;q=0', undefined],
      ['*', 'br'],
      ['*;q=0.5, br;q=0', 'gzip'],
      ['gzip;q=0.2, identity', undefined],
      ['BR', 'br'],
    ];
    for (const [accept, expected] of cases) {
      const res = await get(server, '/static/js/app.js', { 'Accept-Encoding': accept });
      assert.equal(res.status, 200, accept);
      assert.equal(res.headers['content-encoding'], expected, accept);
      assert.equal(decoded(res), SCRIPT, accept);
    }
  });

  test('identity refused and no acceptable twin: 406, not a body the browser cannot read', async () => {
    const refused = await get(server, '/static/js/plain.js', {
      'Accept-Encoding': 'br, identity;q=0',
    });
    assert.equal(refused.status, 406);
    const starRefused = await get(server, '/static/js/app.js', { 'Accept-Encoding': '*;q=0' });
    assert.equal(starRefused.status, 406);
    // With a twin it accepts, the same header is served.
    const served = await get(server, '/static/js/app.js', {
      'Accept-Encoding': 'br, identity;q=0',
    });
    assert.equal(served.status, 200);
    assert.equal(served.headers['content-encoding'], 'br');
  });

  test('HEAD answers with the headers GET would send, and no body', async () => {
    const get_ = await get(server, '/static/js/app.js', { 'Accept-Encoding': 'br' });
    const head = await get(server, '/static/js/app.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    assert.equal(head.status, 200);
    assert.equal(head.body.length, 0);
    for (const name of ['content-encoding', 'content-length', 'content-type', 'vary']) {
      assert.equal(head.headers[name], get_.headers[name], name);
    }
  });

  test('a missing twin falls back to the next acceptable one, then to the file', async () => {
    const gzipOnly = await get(server, '/static/js/gzip-only.js', {
      'Accept-Encoding': 'br, gzip',
    });
    assert.equal(gzipOnly.headers['content-encoding'], 'gzip');
    assert.equal(decoded(gzipOnly), SCRIPT);
    const brOnlyWanted = await get(server, '/static/js/gzip-only.js', { 'Accept-Encoding': 'br' });
    assert.equal(brOnlyWanted.headers['content-encoding'], undefined);
    assert.equal(brOnlyWanted.body.toString(), SCRIPT);
    const plain = await get(server, '/static/js/plain.js', { 'Accept-Encoding': 'br, gzip' });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.headers.vary, 'Accept-Encoding');
    assert.equal(plain.body.toString(), SCRIPT);
  });

  test('byte ranges are not served: a Range request gets the whole representation', async () => {
    const res = await get(server, '/static/js/app.js', {
      'Accept-Encoding': 'br',
      Range: 'bytes=0-9',
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers['accept-ranges'], undefined);
    assert.equal(res.headers['content-range'], undefined);
    assert.equal(decoded(res), SCRIPT);
  });

  test('images are sent as they are, with no Vary', async () => {
    const res = await get(server, '/logo.png', { 'Accept-Encoding': 'br, gzip' });
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-encoding'], undefined);
    assert.equal(res.headers.vary, undefined);
    assert.equal(res.headers['content-type'], 'image/png');
  });

  test('the page (and the SPA fallback to it) and a remote entry are negotiated too', async () => {
    for (const pathname of ['/', '/user/theaters', '/index.html']) {
      const res = await get(server, pathname, { 'Accept-Encoding': 'gzip, br' });
      assert.equal(res.headers['content-encoding'], 'br', pathname);
      assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
      assert.equal(res.headers['cache-control'], 'no-cache');
      assert.equal(decoded(res), PAGE);
    }
    const entry = await get(server, '/remoteEntry.js', { 'Accept-Encoding': 'gzip' });
    assert.equal(entry.headers['content-encoding'], 'gzip');
    assert.equal(entry.headers['cache-control'], 'no-cache');
  });

  test('a published release is served from its own twins, cached for good', async () => {
    const res = await get(server, '/1.0.0-aaaaaaaa/remoteEntry.js', { 'Accept-Encoding': 'br' });
    assert.equal(res.headers['content-encoding'], 'br');
    assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(decoded(res), `${SCRIPT}// release\n`);
  });
});

describe('a build with a prerendered landing page and first screens', () => {
  // The shell's build: index.html holds the landing page, `<path>.html` a page's first screen,
  // app.html the page every other path starts from (packages/federation/src/prerender.ts).
  const LANDING = `${PAGE}<!-- landing -->`;
  const LOGIN = `${PAGE}<!-- login -->`;
  let server;
  before(async () => {
    await writeWithTwins('shell/index.html', LANDING);
    await writeWithTwins('shell/app.html', PAGE);
    await writeWithTwins('shell/auth/login.html', LOGIN);
    server = await startStaticServer({ root: path.join(tmp, 'shell'), port: 0 });
  });
  after(() => server.close());

  test('`/` gets the landing page, a page with a first screen its own, any other app.html', async () => {
    assert.equal(decoded(await get(server, '/', { 'Accept-Encoding': 'br' })), LANDING);
    const login = await get(server, '/auth/login', { 'Accept-Encoding': 'br' });
    assert.equal(login.headers['cache-control'], 'no-cache');
    assert.equal(decoded(login), LOGIN);
    for (const pathname of ['/auth/login/', '/auth', '/user/seat-layout', '/no/such/page']) {
      const res = await get(server, pathname, { 'Accept-Encoding': 'br' });
      assert.equal(res.status, 200, pathname);
      assert.equal(res.headers['cache-control'], 'no-cache');
      assert.equal(decoded(res), PAGE, pathname);
    }
  });
});

test('parseAcceptEncoding reads codings and weights as RFC 9110 writes them', () => {
  assert.equal(parseAcceptEncoding(undefined), null);
  assert.deepEqual(
    [...(parseAcceptEncoding('gzip;q=0.8, BR ; q=1.0, x-gzip;q=0.1, *;q=0, bogus;q=abc') ?? [])],
    [
      ['gzip', 0.8],
      ['br', 1],
      ['*', 0],
      ['bogus', 0],
    ],
  );
});

test('chooseEncoding: the best acceptable twin, else the file, else nothing', () => {
  const both = new Set(['br', 'gzip']);
  assert.equal(chooseEncoding('gzip, br', both), 'br');
  assert.equal(chooseEncoding('gzip, br', new Set()), 'identity');
  assert.equal(chooseEncoding(undefined, both), 'identity');
  assert.equal(chooseEncoding('identity;q=0', new Set()), null);
  assert.equal(chooseEncoding('identity;q=0, gzip', both), 'gzip');
});
