// The load balancer of `npm run cluster`: the HAProxy configuration scripts/cluster.mjs writes,
// run by the real HAProxy in front of small stand-ins for the API instances and a static server.
// What a visitor must never notice: an instance that fails its health check or stops accepting
// is skipped (a refused connection is tried on the other one, even for a POST), and a seat
// stream goes through as it is written.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { haproxyConfig, haproxyServers, startHaproxy, waitForHaproxy } from './cluster.mjs';
import { freePort } from './postgres.mjs';

/** A stand-in API instance: answers with its name; its health can be turned off; streams. */
async function fakeInstance(name) {
  const state = { healthy: true, requests: 0 };
  const server = http.createServer((req, res) => {
    state.requests++;
    if (req.url.startsWith('/api/health')) {
      res.writeHead(state.healthy ? 200 : 503, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ status: state.healthy ? 'ok' : 'unavailable' }));
      return;
    }
    if (/^\/api\/shows\/\d+\/seats\/events\/?$/.test(req.url)) {
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
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ instance: name, method: req.method, url: req.url, body }));
    });
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    name,
    port,
    state,
    /** Stops listening: new connections are refused, as when an instance drains. */
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
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
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** One request on a fresh connection: {status, servedBy, body}. */
function call(port, { method = 'GET', path: p = '/api/theaters/', body } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: p, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode, servedBy: res.headers['x-served-by'], body: text }),
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
    assert.match(api.servedBy, /^api[12]$/);
    assert.equal(JSON.parse(api.body).url, '/api/theaters/');
  });

  test('a seat stream goes through as it is written, not buffered', async () => {
    const res = await fetch(`http://127.0.0.1:${binds.api}/api/shows/7/seats/events/`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/event-stream');
    const arrivals = [];
    const started = Date.now();
    const decoder = new TextDecoder();
    for await (const chunk of res.body) {
      const text = decoder.decode(chunk);
      for (const _ of text.matchAll(/^event: seats$/gm)) arrivals.push(Date.now() - started);
      if (arrivals.length >= 3) break;
    }
    // One every 300 ms, each as it was sent (buffered, they would arrive together at the end).
    assert.ok(arrivals[0] < 600, `first after ${arrivals[0]} ms`);
    assert.ok(arrivals[2] - arrivals[0] > 400, `arrivals ${arrivals}`);
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
