// What an operator scraping an instance's /metrics sees after some traffic: requests per route
// template and status class (never an id), held seats, bookings, cancellations, the outbox, open
// seat streams, statement errors; and that the public app has no /metrics at all.
import assert from 'node:assert/strict';
import { openReplica } from '../db/replica.ts';
import { createTestApp } from '../testing/app.ts';
import { type BookingTestApp, createBookingTestApp } from '../testing/booking.ts';
import { createTestDb, onPostgresServer } from '../testing/db.ts';
import { createReleasesTestApp } from '../testing/releases.ts';
import { LONG_TOKENS, withPlan } from '../testing/rollouts.ts';
import { sse } from '../testing/sse.ts';
import { createMetrics, type Metrics } from './metrics.ts';
import { metricsApp } from './server.ts';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** GET /metrics on the metrics app, parsed: one sample per line of the text format. */
async function scrape(metrics: Metrics): Promise<Sample[]> {
  const res = await metricsApp(metrics).request('/metrics');
  assert.equal(res.status, 200);
  assert.match(res.headers.get('Content-Type') ?? '', /^text\/plain; version=0\.0\.4/);
  const samples: Sample[] = [];
  for (const line of (await res.text()).split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[key as string] = value as string;
    }
    samples.push({ name: m[1] as string, labels, value: Number(m[3]) });
  }
  return samples;
}

/** The value of the one sample with exactly these labels, or undefined. */
function value(samples: Sample[], name: string, labels: Record<string, string> = {}) {
  const wanted = Object.entries(labels);
  const found = samples.filter(
    (s) =>
      s.name === name &&
      Object.keys(s.labels).length === wanted.length &&
      wanted.every(([k, v]) => s.labels[k] === v),
  );
  assert.ok(found.length <= 1, `${name} ${JSON.stringify(labels)} appears ${found.length} times`);
  return found[0]?.value;
}

async function measuredApp(): Promise<{ t: BookingTestApp; metrics: Metrics }> {
  const metrics = createMetrics({ processMetrics: false });
  const t = await createBookingTestApp({ metrics });
  return { t, metrics };
}

Deno.test('requests are counted and timed under their route template and status class', async () => {
  const { t, metrics } = await measuredApp();
  await using _ = t;
  const { customer, show } = await t.scenario({ rows: 1, seatsPerRow: 4 });
  assert.equal((await t.get('/api/shows/', customer.token)).status, 200);
  assert.equal((await t.get('/api/shows', customer.token)).status, 200);
  assert.equal((await t.get('/api/shows/999999/', customer.token)).status, 404);
  assert.equal((await t.get(`/api/shows/${show.id}/`)).status, 401);
  assert.equal((await t.get('/api/no-such-thing/42/')).status, 404);
  assert.equal((await t.request('BREW', '/api/shows/')).status, 404);

  const s = await scrape(metrics);
  const get = (route: string, status_class: string) => ({ method: 'GET', route, status_class });
  assert.equal(value(s, 'http_requests_total', get('/api/shows/', '2xx')), 2);
  assert.equal(value(s, 'http_request_duration_seconds_count', get('/api/shows/', '2xx')), 2);
  assert.ok((value(s, 'http_request_duration_seconds_sum', get('/api/shows/', '2xx')) ?? 0) > 0);
  assert.equal(
    value(s, 'http_request_duration_seconds_bucket', { ...get('/api/shows/', '2xx'), le: '+Inf' }),
    2,
  );
  // The 404 of an unknown show and the 401 of a missing token: the route's template, not its id.
  assert.equal(value(s, 'http_requests_total', get('/api/shows/:id/', '4xx')), 2);
  assert.equal(value(s, 'http_requests_total', get('unmatched', '4xx')), 1);
  assert.equal(
    value(s, 'http_requests_total', { method: 'other', route: 'unmatched', status_class: '4xx' }),
    1,
  );
  const routes = new Set(
    s.filter((x) => x.name === 'http_requests_total').map((x) => x.labels.route),
  );
  for (const route of routes) assert.doesNotMatch(route ?? '', /\d/, `an id in a label: ${route}`);
});

Deno.test('held seats, bookings, cancellations and the email outbox as an operator sees them', async () => {
  const { t, metrics } = await measuredApp();
  await using _ = t;
  const { customer, show } = await t.scenario({ rows: 1, seatsPerRow: 6 });
  t.mail.failing = 1000; // the provider is down: the confirmations wait in the outbox
  let s = await scrape(metrics);
  assert.equal(value(s, 'holds_active'), 0);
  assert.equal(value(s, 'email_outbox_depth'), 0);
  assert.equal(value(s, 'email_outbox_oldest_age_seconds'), 0);
  assert.equal(value(s, 'bookings_total'), 0);

  const other = await t.account('other');
  const held = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [show.seat('A1'), show.seat('A2')] },
    other.token,
  );
  assert.equal(held.status, 201);
  s = await scrape(metrics);
  assert.equal(value(s, 'holds_active'), 2);

  const paid = await t.holdAndPay(customer, show.id, [
    show.seat('A3'),
    show.seat('A4'),
    show.seat('A5'),
  ]);
  assert.equal(paid.status, 201);
  const { tickets } = (await paid.json()) as { tickets: { id: number }[] };
  const single = await t.post(
    '/api/bookings/',
    { movie_id: show.movieId, theater_id: show.theaterId, show_id: show.id, row: 'A', column: 6 },
    customer.token,
    { 'Idempotency-Key': crypto.randomUUID() },
  );
  assert.equal(single.status, 201);
  const cancelled = await t.request('PATCH', `/api/bookings/${tickets[0]?.id}/cancel/`, {
    token: customer.token,
  });
  assert.equal(cancelled.status, 200);
  await t.settled();
  t.clock.advance(90_000);
  s = await scrape(metrics);
  assert.equal(value(s, 'bookings_total'), 4);
  assert.equal(value(s, 'booking_cancellations_total'), 1);
  // Two confirmations and one cancellation notice, the oldest queued 90 s ago on the app's clock.
  assert.equal(value(s, 'email_outbox_depth'), 3);
  assert.ok((value(s, 'email_outbox_oldest_age_seconds') ?? 0) >= 90);
  // The other customer's hold was not paid: its 2 seats stay held until it lapses.
  assert.equal(value(s, 'holds_active'), 2);
  assert.equal(
    value(s, 'http_requests_total', {
      method: 'POST',
      route: '/api/holds/:id/confirm/',
      status_class: '2xx',
    }),
    1,
  );
});

Deno.test('open seat streams and the changes delivered to them', async () => {
  const { t, metrics } = await measuredApp();
  await using _ = t;
  const { customer, show } = await t.scenario({ rows: 1, seatsPerRow: 4 });
  const events = sse(await t.get(`/api/shows/${show.id}/seats/events/`, customer.token));
  assert.equal((await events.until((m) => m.event === 'ready')).event, 'ready');
  let s = await scrape(metrics);
  assert.equal(value(s, 'seat_streams_open'), 1);
  assert.equal(value(s, 'seat_events_delivered_total'), 0);

  const held = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [show.seat('A1')] },
    customer.token,
  );
  assert.equal(held.status, 201);
  await events.until((m) => m.event === 'seats');
  s = await scrape(metrics);
  assert.equal(value(s, 'seat_events_delivered_total'), 1);

  await events.close();
  await t.live.stop();
  s = await scrape(metrics);
  assert.equal(value(s, 'seat_streams_open'), 0);
});

Deno.test('failed statements are counted; the pool is shown on a server', async () => {
  const metrics = createMetrics({ processMetrics: false });
  await using t = await createTestApp({ metrics });
  const before = value(await scrape(metrics), 'db_statement_errors_total', { pool: 'primary' });
  await assert.rejects(t.db.query`SELECT 1 / 0`);
  await assert.rejects(t.db.transaction((tx) => tx.query`SELECT * FROM no_such_table`));
  const s = await scrape(metrics);
  assert.equal(value(s, 'db_statement_errors_total', { pool: 'primary' }), (before ?? 0) + 2);
  assert.equal(value(s, 'db_connection_losses_total'), 0);
  if (onPostgresServer) {
    assert.equal(value(s, 'db_pool_connections_in_use', { pool: 'primary' }), 0);
    assert.equal(value(s, 'db_pool_waiting', { pool: 'primary' }), 0);
    assert.ok((value(s, 'db_pool_connections_max', { pool: 'primary' }) ?? 0) >= 1);
  } else {
    // PGlite is one in-process connection: no pool to show.
    assert.equal(value(s, 'db_pool_connections_in_use', { pool: 'primary' }), undefined);
  }
  // No replica configured: no lag to report.
  assert.equal(value(s, 'db_replica_lag_seconds'), undefined);
});

Deno.test('the public API has no /metrics: the metrics are only on their own server', async () => {
  const metrics = createMetrics({ processMetrics: false });
  await using t = await createTestApp({ metrics });
  for (const path of ['/metrics', '/metrics/', '/api/metrics']) {
    const res = await t.app.request(path);
    assert.equal(res.status, 404, path);
    assert.doesNotMatch(await res.text(), /http_requests_total/);
  }
  assert.equal((await metricsApp(metrics).request('/api/health')).status, 404);
});

// Run with the API's named permissions (api/package.json's test script), not --allow-all: what
// prom-client reads from /proc would be missing.
Deno.test('process memory and event-loop lag come from prom-client under Deno', async () => {
  const metrics = createMetrics();
  await new Promise((r) => setTimeout(r, 50));
  const s = await scrape(metrics);
  assert.ok((value(s, 'process_resident_memory_bytes') ?? 0) > 10_000_000);
  assert.ok(Number.isFinite(value(s, 'nodejs_eventloop_lag_seconds')));
  assert.ok((value(s, 'nodejs_heap_size_used_bytes') ?? 0) > 0);
});

Deno.test('each remote rollout state and the rollbacks, as recorded in the release registry', async () => {
  const metrics = createMetrics({ processMetrics: false });
  await using t = await createReleasesTestApp({ metrics, ...LONG_TOKENS });
  let s = await scrape(metrics);
  assert.equal(s.filter((x) => x.name === 'release_rollout_state').length, 0);
  assert.equal(s.filter((x) => x.name === 'release_rollbacks_total').length, 0);

  await withPlan(t);
  s = await scrape(metrics);
  assert.equal(value(s, 'release_rollout_state', { remote: 'user', state: 'running' }), 1);
  assert.equal(value(s, 'release_rollout_state', { remote: 'user', state: 'rolled_back' }), 0);
  const abort = await t.post('/api/releases/user/rollout/abort/', {}, { token: t.admin });
  assert.equal(abort.status, 200);
  s = await scrape(metrics);
  assert.equal(value(s, 'release_rollout_state', { remote: 'user', state: 'running' }), 0);
  assert.equal(value(s, 'release_rollout_state', { remote: 'user', state: 'aborted' }), 1);

  await t.publish('admin', '1.0.0-aaaaaaaa');
  await t.publish('admin', '1.1.0-bbbbbbbb');
  await t.canary('admin', '1.1.0-bbbbbbbb', 40);
  assert.equal((await t.post('/api/releases/admin/rollback/', {}, { token: t.admin })).status, 200);
  s = await scrape(metrics);
  assert.equal(value(s, 'release_rollbacks_total', { remote: 'admin' }), 1);
  assert.equal(value(s, 'release_rollbacks_total', { remote: 'user' }), undefined);
});

Deno.test('the replica lag as this instance sees it; NaN, not a hung scrape, when the replica is away', async () => {
  const listener = Deno.listen({ hostname: '127.0.0.1', port: 0 });
  const closedPort = (listener.addr as Deno.NetAddr).port;
  listener.close();
  const away = openReplica(`postgres://postgres@127.0.0.1:${closedPort}/cinema`, { max: 2 });
  const metrics = createMetrics({ processMetrics: false });
  await using _app = await createTestApp({ metrics, readDb: away });
  try {
    const started = performance.now();
    const s = await scrape(metrics);
    assert.ok(
      performance.now() - started < 3000,
      'the scrape answered within its statement timeout',
    );
    assert.ok(Number.isNaN(value(s, 'db_replica_lag_seconds')));
    assert.equal(value(s, 'db_pool_connections_max', { pool: 'replica' }), 2);
    assert.equal(value(s, 'holds_active'), 0); // the primary's figures are still there
  } finally {
    await away.close();
  }
  if (!onPostgresServer) return;
  // The primary itself read as a "replica" is never behind.
  const test = await createTestDb();
  const replica = openReplica(test.url as string, { max: 2 });
  try {
    const m = createMetrics({ processMetrics: false });
    await using _ = await createTestApp({ metrics: m, db: test.db, readDb: replica });
    assert.equal(value(await scrape(m), 'db_replica_lag_seconds'), 0);
  } finally {
    await replica.close();
    await test.close();
  }
});

Deno.test({
  name: "the primary's connections killed under a statement: a connection loss and a statement error",
  ignore: !onPostgresServer,
  async fn() {
    await using test = await createTestDb();
    const metrics = createMetrics({ processMetrics: false });
    await using t = await createTestApp({ metrics, db: test.db });
    const slow = t.db.query`SELECT pg_sleep(5)`.then(
      () => null,
      (e: unknown) => e,
    );
    await new Promise((r) => setTimeout(r, 200));
    // From another connection of the pool, as a restart or a failover would.
    await test.db.query`
      SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = current_database() AND query LIKE 'SELECT pg_sleep%'
         AND pid <> pg_backend_pid()`;
    assert.ok(await slow, 'the statement failed');
    const s = await scrape(metrics);
    assert.ok((value(s, 'db_connection_losses_total') ?? 0) >= 1);
    assert.ok((value(s, 'db_statement_errors_total', { pool: 'primary' }) ?? 0) >= 1);
  },
});
