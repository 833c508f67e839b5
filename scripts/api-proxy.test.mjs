// The shell server's /api/ (scripts/api-proxy.mjs), against a stand-in API on a port of its own:
// what the API receives, what the browser gets back, a stream that stays open, and an API that
// is down.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { isApiPath } from './api-proxy.mjs';
import { startStaticServer } from './serve.mjs';

/** A stand-in API: remembers each request, answers as `answer(req, res, body)` says. */
async function startApi(answer) {
  const seen = [];
  const server = createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = Buffer.concat(chunks).toString();
    seen.push({ method: req.method, url: req.url, headers: req.headers, body, res });
    answer(req, res, body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: /** @type {import('node:net').AddressInfo} */ (server.address()).port,
    seen,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * One request through node:http; resolves to the answer's status, headers and body.
 * @param {number} port
 * @param {{ method?: string, urlPath?: string, headers?: import('node:http').OutgoingHttpHeaders,
 *   body?: string | Buffer }} [options]
 */
function call(port, { method = 'GET', urlPath, headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path: urlPath, headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

const tmp = await mkdtemp(path.join(os.tmpdir(), 'api-proxy-'));
await writeFile(path.join(tmp, 'index.html'), '<!doctype html><title>CineBook</title>');
after(() => rm(tmp, { recursive: true, force: true }));

describe('the shell server sends /api/ on to the API', () => {
  let api;
  let site;
  before(async () => {
    api = await startApi((req, res, body) => {
      if (req.url.startsWith('/api/shows/1/seats/events/')) {
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        res.write('event: seats\ndata: {"held":[3]}\n\n');
        return; // stays open, as a seat stream does
      }
      res
        .writeHead(req.method === 'POST' ? 201 : 200, {
          'Content-Type': 'application/json',
          'Set-Cookie': 'refresh=abc; HttpOnly; Path=/api/token/',
        })
        .end(JSON.stringify({ method: req.method, body }));
    });
    site = await startStaticServer({ root: tmp, port: 0, apiPort: api.port });
  });
  after(async () => {
    await site.close();
    await api.close();
  });

  test('a call with a token reaches the API as sent, and its answer comes back as given', async () => {
    const answer = await call(site.port, {
      urlPath: '/api/bookings/?page=2&status=paid',
      headers: { Authorization: 'Bearer token-1', 'Idempotency-Key': 'k-1' },
    });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['content-type'], 'application/json');
    assert.equal(answer.headers['set-cookie'][0], 'refresh=abc; HttpOnly; Path=/api/token/');
    const seen = api.seen.at(-1);
    assert.equal(seen.method, 'GET');
    assert.equal(seen.url, '/api/bookings/?page=2&status=paid');
    assert.equal(seen.headers.authorization, 'Bearer token-1');
    assert.equal(seen.headers['idempotency-key'], 'k-1');
    // The caller's address is appended for an API that trusts this one proxy (TRUST_PROXY=1).
    assert.equal(seen.headers['x-forwarded-for'], '127.0.0.1');
  });

  test('headers about the caller’s connection are not passed on, nor those it names', async () => {
    await call(site.port, {
      urlPath: '/api/health',
      headers: { Connection: 'keep-alive, X-Hop', 'X-Hop': 'secret', 'Keep-Alive': 'timeout=5' },
    });
    const { headers } = api.seen.at(-1);
    assert.equal(headers['x-hop'], undefined);
    assert.equal(headers['keep-alive'], undefined);
  });

  test('an X-Forwarded-For the caller wrote is kept in front of the address seen', async () => {
    await call(site.port, { urlPath: '/api/health', headers: { 'X-Forwarded-For': '6.6.6.6' } });
    assert.equal(api.seen.at(-1).headers['x-forwarded-for'], '6.6.6.6, 127.0.0.1');
  });

  test('a body is passed on, with the method and the API’s status', async () => {
    const body = JSON.stringify({ seats: [1, 2] });
    const answer = await call(site.port, {
      method: 'POST',
      urlPath: '/api/holds/',
      headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      body,
    });
    assert.equal(answer.status, 201);
    assert.deepEqual(JSON.parse(answer.body), { method: 'POST', body });
  });

  test('a stream’s events arrive while it is open, and leaving closes it at the API', async () => {
    const events = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no event through the proxy')), 5000);
      const req = request(
        { host: '127.0.0.1', port: site.port, path: '/api/shows/1/seats/events/' },
        (res) => {
          assert.equal(res.headers['content-type'], 'text/event-stream');
          res.once('data', (chunk) => {
            clearTimeout(timer);
            resolve(chunk.toString());
            req.destroy();
          });
        },
      );
      req.on('error', () => {});
      req.end();
    });
    assert.match(events, /^event: seats\ndata: \{"held":\[3\]\}/);
    const stream = api.seen.find((seen) => seen.url.startsWith('/api/shows/1/seats/events/'));
    if (!stream.res.closed) await once(stream.res, 'close');
    assert.equal(stream.res.closed, true);
  });

  test('only /api and what is under /api/ go to the API; the rest is the site', async () => {
    const before = api.seen.length;
    const page = await call(site.port, { urlPath: '/apiary' });
    assert.equal(page.status, 200);
    assert.match(page.body, /<title>CineBook/);
    assert.equal(api.seen.length, before);
    assert.equal(isApiPath('/api'), true);
    assert.equal(isApiPath('/api/health'), true);
    assert.equal(isApiPath('/apiary'), false);
    assert.equal(isApiPath('/static/api/x.js'), false);
  });
});

test('an API that drops a stream midway (a restart) ends the browser’s stream at once', async () => {
  const api = await startApi((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    res.write('event: seats\ndata: {"held":[]}\n\n');
    setTimeout(() => req.socket.destroy(), 50);
  });
  const site = await startStaticServer({ root: tmp, port: 0, apiPort: api.port });
  try {
    const ended = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the stream stayed open')), 5000);
      const req = request(
        { host: '127.0.0.1', port: site.port, path: '/api/shows/1/seats/events/' },
        (res) => {
          res.on('data', () => {});
          res.on('error', () => {});
          res.on('close', () => {
            clearTimeout(timer);
            resolve(true);
          });
        },
      );
      req.on('error', () => {});
      req.end();
    });
    assert.equal(ended, true);
    // The site goes on serving.
    assert.equal((await call(site.port, { urlPath: '/' })).status, 200);
  } finally {
    await site.close();
    await api.close();
  }
});

test('an API that is down: 502 with a message, and the site still serves its pages', async () => {
  const unused = createServer();
  unused.listen(0, '127.0.0.1');
  await once(unused, 'listening');
  const downPort = /** @type {import('node:net').AddressInfo} */ (unused.address()).port;
  await new Promise((resolve) => unused.close(resolve));
  const site = await startStaticServer({ root: tmp, port: 0, apiPort: downPort });
  try {
    const answer = await call(site.port, { urlPath: '/api/health' });
    assert.equal(answer.status, 502);
    assert.equal(answer.body, 'The API is not answering');
    assert.equal((await call(site.port, { urlPath: '/' })).status, 200);
  } finally {
    await site.close();
  }
});
