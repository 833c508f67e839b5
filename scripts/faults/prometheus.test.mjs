// Prometheus of `npm run cluster` on real processes: the cluster (PostgreSQL under
// pg_auto_failover, two API instances each serving its metrics on its METRICS_PORT, HAProxy)
// with Debian's prometheus and a prometheus-postgres-exporter per database node, scraping every
// second. Traffic through HAProxy (three show lists, a seat stream, a hold and its confirm), then
// what an operator would see through Prometheus' own query API: every instance up, the requests
// counted per route template and status class, the pool, stream, hold and booking figures, each
// database node up according to its exporter, and the repo's alert rules loaded and evaluating
// without error.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiScript } from '../apps.mjs';
import { findPostgresExporter, findPrometheus, promQuery } from '../cluster/prometheus.mjs';
import { freePort } from '../postgres.mjs';
import { failoverCluster, failoverSkip, sleep } from './failover-kit.mjs';

const skip =
  failoverSkip() ||
  (!findPrometheus() || !findPostgresExporter()
    ? 'Prometheus is not installed (apt-get install -y --no-install-recommends prometheus prometheus-postgres-exporter)'
    : false);

const startPrometheusCluster = failoverCluster('prometheus-faults-');

/**
 * `read()` again every 250 ms until `done(value)` or 30 s; the last value either way, so a
 * failed assertion shows what Prometheus had.
 * @template T
 * @param {() => Promise<T>} read
 * @param {(value: T) => boolean} done
 */
async function eventually(read, done) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(250);
  }
}

test('Prometheus scrapes every instance and database node of the cluster: requests per route, pool and stream gauges, pg_up, the alert rules', {
  skip,
  timeout: 240_000,
}, async (t) => {
  const started = Date.now();
  const cluster = await startPrometheusCluster(
    {},
    { prometheus: { port: await freePort(), scrapeInterval: '1s' } },
  );
  t.diagnostic(`cluster with Prometheus up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const prometheus = /** @type {NonNullable<typeof cluster.prometheus>} */ (cluster.prometheus);
  assert.ok(prometheus, 'Prometheus started');
  assert.equal(prometheus.exporters.length, 2, 'an exporter per database node');
  /** @param {string} query */
  const query = (query) => promQuery(prometheus.url, query);
  /** @param {string} q the sum of a query's series, or null when it has none */
  const total = async (q) => {
    const result = await query(q);
    return result.length === 0 ? null : result.reduce((sum, r) => sum + r.value, 0);
  };

  const data = JSON.parse(await apiScript(['bench/prepare.ts', 'prepare', '1', '0'], cluster.env));
  const headers = { Authorization: `Bearer ${data.raceTokens[0]}` };
  const api = cluster.apiUrl;
  for (let i = 0; i < 3; i++) {
    const list = await fetch(`${api}/shows/`, { headers });
    assert.equal(list.status, 200);
    await list.arrayBuffer();
  }
  // A seat stream open while the hold and the confirm change the map.
  const streamAbort = new AbortController();
  const stream = await fetch(`${api}/shows/${data.raceShowId}/seats/events/`, {
    headers,
    signal: streamAbort.signal,
  });
  assert.equal(stream.status, 200);
  const reader = /** @type {ReadableStreamDefaultReader<Uint8Array>} */ (stream.body?.getReader());
  await reader.read();
  const hold = await fetch(`${api}/holds/`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ show_id: data.raceShowId, seat_ids: [data.raceSeatIds[0]] }),
  });
  assert.equal(hold.status, 201);
  const { id: holdId } = await hold.json();
  // The held seat, as a scrape sees it (from the database: every instance says the same).
  const held = await eventually(
    () => total('max(holds_active{job="api"})'),
    (n) => n === 1,
  );
  assert.equal(held, 1, 'holds_active while the hold is on');
  const paid = await fetch(`${api}/holds/${holdId}/confirm/`, {
    method: 'POST',
    headers: { ...headers, 'Idempotency-Key': `prometheus-${holdId}` },
  });
  assert.equal(paid.status, 201);
  await paid.arrayBuffer();

  // Each database node up, as its exporter sees it.
  const pgUp = await eventually(
    () => query('pg_up{job="postgres"}'),
    (r) => r.length === 2 && r.every((s) => s.value === 1),
  );
  assert.deepEqual(
    pgUp.map((s) => [s.metric.node, s.value]).sort(),
    [
      ['node1', 1],
      ['node2', 1],
    ],
    'pg_up == 1 for both nodes',
  );

  // The repo's alert rules, loaded and evaluated without error.
  const rules = await eventually(
    async () => (await (await fetch(`${prometheus.url}/api/v1/rules`)).json()).data.groups,
    (/** @type {any[]} */ groups) =>
      groups.every((g) => g.rules.every((/** @type {any} */ r) => r.health !== 'unknown')),
  );
  const files = [...new Set(rules.map((/** @type {any} */ g) => g.file))].sort();
  assert.deepEqual(files, [...prometheus.rules].sort(), 'every rule file loaded');
  const broken = rules.flatMap((/** @type {any} */ g) =>
    g.rules
      .filter((/** @type {any} */ r) => r.health !== 'ok')
      .map((/** @type {any} */ r) => `${r.name}: ${r.lastError}`),
  );
  assert.deepEqual(broken, [], 'every rule evaluates');
  // Every instance scraped, its metrics server answering.
  const up = await eventually(
    () => query('up{job="api"}'),
    (r) => r.length === 2 && r.every((s) => s.value === 1),
  );
  assert.deepEqual(
    up.map((s) => [s.metric.name, s.value]).sort(),
    [
      ['api1', 1],
      ['api2', 1],
    ],
    'every API instance target is up',
  );

  // Requests counted per route template (never an id) and status class, across the instances.
  const requests = (/** @type {string} */ method, /** @type {string} */ route) =>
    `sum(http_requests_total{job="api",method="${method}",route=~"${route}",status_class="2xx"})`;
  const expected = [
    ['GET', '/api/shows/?', 3],
    ['POST', '/api/holds/?', 1],
    ['POST', '/api/holds/:id/confirm/?', 1],
  ];
  for (const [method, route, count] of expected) {
    const seen = await eventually(
      () => total(requests(String(method), String(route))),
      (n) => n === count,
    );
    assert.equal(seen, count, `http_requests_total ${method} ${route} 2xx`);
  }
  const withIds = await query('http_requests_total{route=~".*/[0-9]+(/.*)?"}');
  assert.deepEqual(withIds, [], 'no route label holds an id');
  const latency = await total(
    'sum(http_request_duration_seconds_count{job="api",method="POST",route=~"/api/holds/:id/confirm/?"})',
  );
  assert.equal(latency, 1, 'the confirm is in the latency histogram');

  // The pool and stream gauges, with what this traffic left behind.
  for (const gauge of ['db_pool_connections_in_use', 'db_pool_waiting']) {
    const series = await query(`${gauge}{job="api"}`);
    assert.ok(series.length >= 2, `${gauge} from every instance (${series.length} series)`);
    assert.ok(
      series.every((s) => s.value >= 0),
      gauge,
    );
  }
  const streams = await eventually(
    () => total('sum(seat_streams_open{job="api"})'),
    (n) => n === 1,
  );
  assert.equal(streams, 1, 'seat_streams_open: the one stream');
  const delivered = await eventually(
    () => total('sum(seat_events_delivered_total{job="api"})'),
    (n) => n !== null && n >= 1,
  );
  assert.ok(delivered !== null && delivered >= 1, `seat_events_delivered_total ${delivered}`);
  const booked = await eventually(
    () => total('sum(bookings_total{job="api"})'),
    (n) => n === 1,
  );
  assert.equal(booked, 1, 'bookings_total: the confirmed seat');
  const heldAfter = await eventually(
    () => total('max(holds_active{job="api"})'),
    (n) => n === 0,
  );
  assert.equal(heldAfter, 0, 'holds_active once the hold is paid');
  streamAbort.abort();
  await reader.cancel().catch(() => {});

  t.diagnostic(
    `rule files ${files.length}, groups ${rules.length}, rules ${rules.reduce((n, /** @type {any} */ g) => n + g.rules.length, 0)}; requests seen ${expected.map(([m, r, c]) => `${m} ${r} ${c}`).join(', ')}`,
  );
});
