// The load balancer of `npm run cluster`: the HAProxy configuration scripts/cluster/haproxy.mjs writes,
// run by the real HAProxy in front of small stand-ins for the API instances and a static server.
// What a visitor must never notice: an instance that fails its health check or stops accepting
// is skipped (a refused connection is tried on the other one, even for a POST), and a seat
// stream goes through as it is written. What must never happen: a request an instance may have
// run (it closed the connection without answering) run again on the other one, unless it may
// run twice (a read, or one of the POSTs the API makes idempotent); and no instance up answers
// a 503 the apps' client knows to retry (JSON, Retry-After).
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { freePort } from '../postgres.mjs';
import { haproxyConfig, haproxyServers, startHaproxy, waitForHaproxy } from './haproxy.mjs';

/** A stand-in API instance: answers with its name; its health can be turned off; streams. */
async function fakeInstance(name) {
  // `drop`: close the connection without answering every request (as an instance killed after
  // it received one); `seen`: the URLs of the requests that reached it.
  /** @type {{ healthy: boolean, requests: number, drop: boolean, seen: string[] }} */
  const state = { healthy: true, requests: 0, drop: false, seen: [] };
  const server = http.createServer((req, res) => {
    state.requests++;
    const url = req.url ?? '';
    if (url.startsWith('/api/health')) {
      res.writeHead(state.healthy ? 200 : 503, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ status: state.healthy ? 'ok' : 'unavailable' }));
      return;
    }
    if (/^\/api\/shows\/\d+\/seats\/events\/?$/.test(url)) {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write('retry: 2000\n\n');
      let n = 0;
      const timer = setInterval(() => res.write(`id: ${++n}\nevent: seats\ndata: {}\n\n`), 300);
      req.on('close', () => clearInterval(timer));
      return;
    }
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      state.seen.push(url);
      if (state.drop) {
        req.socket.destroy();
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ instance: name, method: req.method, url: req.url, body }));
    });
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
  return {
    name,
    port,
    state,
    /** Stops listening: new connections are refused, as when an instance drains. */
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      }),
  };
}

async function fakeStatic() {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end('<!doctype html><title>shell</title>');
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
  return { port, close: () => new Promise((resolve) => server.close(() => resolve(undefined))) };
}

/**
 * One request on a fresh connection: {status, servedBy, body}.
 * @param {number} port
 * @param {{ method?: string, path?: string, body?: string }} [options]
 * @returns {Promise<{ status: number | undefined, servedBy: string | undefined, body: string }>}
 */
function call(port, { method = 'GET', path: p = '/api/theaters/', body } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: p, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          servedBy: /** @type {string | undefined} */ (res.headers['x-served-by']),
          body: text,
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the HAProxy in front of the API instances', () => {
  let dir;
  let api1;
  let api2;
  let shell;
  let haproxy;
  let binds;
  let statsPort;

  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'cinema-haproxy-test-'));
    api1 = await fakeInstance('api1');
    api2 = await fakeInstance('api2');
    shell = await fakeStatic();
    binds = { api: await freePort(), shell: await freePort() };
    statsPort = await freePort();
    haproxy = await startHaproxy({
      config: haproxyConfig({
        binds,
        instances: [api1, api2],
        statics: { shell: shell.port },
        statsPort,
      }),
      dir,
      statsPort,
      quiet: true,
    });
    await waitForHaproxy(statsPort, 'api1', 'UP');
    await waitForHaproxy(statsPort, 'api2', 'UP');
  });

  after(async () => {
    await haproxy?.stop();
    await Promise.all([api1?.close(), api2?.close(), shell?.close()]);
    await rm(dir, { recursive: true, force: true });
  });

  test('API calls take turns between the instances, and say which one answered', async () => {
    const served = [];
    for (let i = 0; i < 4; i++) {
      const res = await call(binds.api);
      assert.equal(res.status, 200);
      assert.equal(JSON.parse(res.body).instance, res.servedBy);
      served.push(res.servedBy);
    }
    assert.deepEqual(served.toSorted(), ['api1', 'api1', 'api2', 'api2']);
  });

  test('the site port serves the static files, and /api/ there goes to the instances', async () => {
    const page = await call(binds.shell, { path: '/user/shows' });
    assert.equal(page.status, 200);
    assert.match(page.body, /<title>shell<\/title>/);
    assert.equal(page.servedBy, undefined);
    const api = await call(binds.shell, { path: '/api/theaters/' });
    assert.match(String(api.servedBy), /^api[12]$/);
    assert.equal(JSON.parse(api.body).url, '/api/theaters/');
  });

  test('a seat stream goes through as it is written, not buffered', async () => {
    const res = await fetch(`http://127.0.0.1:${binds.api}/api/shows/7/seats/events/`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/event-stream');
    /** @type {number[]} */
    const arrivals = [];
    const started = Date.now();
    assert.ok(res.body);
    const decoder = new TextDecoder();
    for await (const chunk of res.body) {
      const text = decoder.decode(chunk);
      for (const _ of text.matchAll(/^event: seats$/gm)) arrivals.push(Date.now() - started);
      if (arrivals.length >= 3) break;
    }
    // One every 300 ms, each as it was sent (buffered, they would arrive together at the end).
    const [first = Number.NaN, , third = Number.NaN] = arrivals;
    assert.ok(first < 600, `first after ${first} ms`);
    assert.ok(third - first > 400, `arrivals ${arrivals}`);
  });

  test('an instance whose health check fails is taken out, and put back when it passes', async () => {
    api2.state.healthy = false;
    await waitForHaproxy(statsPort, 'api2', 'DOWN', 10_000);
    const before = api2.state.requests;
    for (let i = 0; i < 6; i++) assert.equal((await call(binds.api)).servedBy, 'api1');
    // Only health checks reached it meanwhile.
    assert.ok(api2.state.requests - before <= 3);
    const streams = (await haproxyServers(statsPort)).filter((s) => s.backend === 'seat_events');
    assert.deepEqual(
      streams.map((s) => [s.server, s.status.split(' ')[0]]),
      [
        ['api1', 'UP'],
        ['api2', 'DOWN'],
      ],
    );
    api2.state.healthy = true;
    await waitForHaproxy(statsPort, 'api2', 'UP', 10_000);
    const served = new Set();
    for (let i = 0; i < 4; i++) served.add((await call(binds.api)).servedBy);
    assert.deepEqual([...served].sort(), ['api1', 'api2']);
  });

  /**
   * Sends `request` with numbered URLs, one after the other, until one reaches the dropping
   * instance `to` (round robin: the second at the latest). Resolves to that answer and its URL.
   */
  async function untilDropped(to, request) {
    for (let i = 0; i < 6; i++) {
      const url = `${request.path}?n=${Date.now()}${i}`;
      const res = await call(binds.api, { ...request, path: url, body: '{}' });
      if (to.state.seen.includes(url)) return { res, url };
    }
    throw new Error(`no request reached ${to.name}`);
  }

  test('a request an instance may have run is not run again on the other, unless it may run twice', async () => {
    api2.state.drop = true;
    try {
      // A new hold, a cancel: the instance may have committed it before it died. The visitor
      // gets HAProxy's 502 and the other instance never sees it.
      for (const request of [
        { method: 'POST', path: '/api/holds/' },
        { method: 'PATCH', path: '/api/bookings/12/cancel' },
        { method: 'POST', path: '/api/login' },
      ]) {
        await waitForHaproxy(statsPort, 'api2', 'UP', 10_000);
        const { res, url } = await untilDropped(api2, request);
        assert.equal(res.status, 502, `${request.method} ${request.path}`);
        assert.equal(JSON.parse(res.body).code, 'bad_gateway');
        assert.ok(!api1.state.seen.includes(url), `${request.path} was run again`);
      }
      // Reads, a booking of a seat and a hold's confirm answer the same when repeated
      // (routes/bookings/post-booking.ts, routes/holds/post-hold-confirm.ts): sent again.
      for (const request of [
        { method: 'GET', path: '/api/theaters/' },
        { method: 'POST', path: '/api/bookings/' },
        { method: 'POST', path: '/api/holds/42/confirm/' },
      ]) {
        await waitForHaproxy(statsPort, 'api2', 'UP', 10_000);
        const { res, url } = await untilDropped(api2, request);
        assert.equal(res.status, 200, `${request.method} ${request.path}`);
        assert.equal(res.servedBy, 'api1');
        assert.equal(JSON.parse(res.body).url, url);
      }
    } finally {
      api2.state.drop = false;
    }
    await waitForHaproxy(statsPort, 'api2', 'UP', 10_000);
  });

  test('with no instance up, HAProxy answers a JSON 503 with Retry-After', async () => {
    api1.state.healthy = false;
    api2.state.healthy = false;
    try {
      await waitForHaproxy(statsPort, 'api1', 'DOWN', 10_000);
      await waitForHaproxy(statsPort, 'api2', 'DOWN', 10_000);
      const res = await fetch(`http://127.0.0.1:${binds.api}/api/theaters/`);
      assert.equal(res.status, 503);
      assert.equal(res.headers.get('retry-after'), '2');
      assert.equal(res.headers.get('content-type'), 'application/json');
      const body = await res.json();
      assert.equal(body.code, 'unavailable');
      assert.match(body.detail, /try again/);
    } finally {
      api1.state.healthy = true;
      api2.state.healthy = true;
    }
    await waitForHaproxy(statsPort, 'api1', 'UP', 10_000);
    await waitForHaproxy(statsPort, 'api2', 'UP', 10_000);
  });

  test('an instance that stops accepting costs no visitor an error, not even a POST', async () => {
    await api2.close(); // refused from now on; the health checks have not noticed yet
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(binds.api, { method: 'POST', path: '/api/holds/', body: `{"n":${i}}` }),
      ),
    );
    for (const [i, res] of answers.entries()) {
      assert.equal(res.status, 200);
      assert.equal(res.servedBy, 'api1');
      assert.equal(JSON.parse(res.body).body, `{"n":${i}}`);
    }
    await waitForHaproxy(statsPort, 'api2', 'DOWN', 5000);
  });
});
