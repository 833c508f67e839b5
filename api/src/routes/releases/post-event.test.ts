import assert from 'node:assert/strict';
import { createReleasesTestApp, type ReleasesTestApp, reporterIp } from '../../testing/releases.ts';
import {
  AUTO_ROLLBACK_MIN_REPORTERS,
  AUTO_ROLLBACK_WINDOW,
  EVENTS_PER_MINUTE,
  REPORT_TICKET_TTL_SECONDS,
} from './rules.ts';
import { signReportTicket } from './tickets.ts';

const STABLE = '1.0.0-aaaaaaaa';
const CANARY = '1.1.0-abcd1234';

async function withCanary(t: ReleasesTestApp) {
  await t.publish('user', STABLE);
  await t.publish('user', CANARY);
  await t.canary('user', CANARY, 20);
}

const events = (t: ReleasesTestApp) =>
  t.db.query<{ outcome: string; detail: string | null; reporter: string | null }>`
    SELECT outcome, detail, reporter FROM release_events ORDER BY id`;

/** Everything a report could have written. */
async function written(t: ReleasesTestApp) {
  const [row] = await t.db.query<{ events: number; reporters: number; limits: number }>`
    SELECT (SELECT count(*)::int FROM release_events) AS events,
           (SELECT count(*)::int FROM release_reporters) AS reporters,
           (SELECT count(*)::int FROM rate_limit_events WHERE key LIKE 'release-events:%') AS limits`;
  return row;
}

const canaryOf = async (t: ReleasesTestApp) => (await t.manifest()).remotes.user.canary?.version;

async function statusOf(t: ReleasesTestApp) {
  return await (await t.get('/api/releases/', { token: t.admin })).json();
}

Deno.test('a browser reports how a release fared with the ticket its manifest gave it, without signing in (202)', async () => {
  await using t = await createReleasesTestApp();
  await withCanary(t);
  const ticket = await t.ticket('user', CANARY);
  const res = await t.post('/api/releases/events/', {
    remote: 'user',
    version: CANARY,
    outcome: 'render_failed',
    ticket,
    detail: `TypeError: x is undefined ${'!'.repeat(900)}`,
  });
  assert.equal(res.status, 202);
  assert.deepEqual(await res.json(), { recorded: true, rolled_back: false });
  const loaded = await t.post('/api/releases/events', {
    remote: 'user',
    version: STABLE,
    outcome: 'loaded',
    ticket: await t.ticket('user', STABLE),
  });
  assert.equal(loaded.status, 202);
  const rows = await events(t);
  assert.deepEqual(
    rows.map((row) => row.outcome),
    ['render_failed', 'loaded'],
  );
  // Long details are cut, not refused.
  assert.equal(rows[0]?.detail?.length, 500);
  assert.equal(rows[1]?.detail, null);
  // Every report names its reporter, an opaque id that is not the address.
  for (const row of rows) assert.match(row.reporter ?? '', /^[A-Za-z0-9_-]{22}$/);
});

Deno.test('a report without a ticket is a 400, and a malformed one a 400; nothing is recorded', async () => {
  await using t = await createReleasesTestApp();
  await withCanary(t);
  const ticket = await t.ticket('user', CANARY);
  const cases: [unknown, string][] = [
    [
      { remote: 'user', version: CANARY, outcome: 'load_failed' },
      'A report ticket is required: take it from the release manifest.',
    ],
    [
      { remote: 'user', version: CANARY, outcome: 'load_failed', ticket: '' },
      'A report ticket is required: take it from the release manifest.',
    ],
    [
      { remote: 'user', version: CANARY, outcome: 'load_failed', ticket: 42 },
      'A report ticket is required: take it from the release manifest.',
    ],
    [
      { remote: 'user', version: CANARY, outcome: 'exploded', ticket },
      'Outcome must be loaded, load_failed or render_failed.',
    ],
    [{ remote: 'user', outcome: 'loaded', ticket }, 'Version is required.'],
    [{ version: CANARY, outcome: 'loaded', ticket }, 'Remote is required.'],
  ];
  for (const [payload, detail] of cases) {
    const res = await t.post('/api/releases/events/', payload);
    assert.equal(res.status, 400, JSON.stringify(payload));
    assert.equal((await res.json()).detail, detail);
  }
  assert.deepEqual(await written(t), { events: 0, reporters: 0, limits: 0 });
});

Deno.test('forged, expired and mismatched tickets are refused (403) and nothing is recorded', async () => {
  await using t = await createReleasesTestApp();
  await withCanary(t);
  await t.publish('owner', STABLE);
  const ticket = await t.ticket('user', CANARY);
  const [body = '', signature = ''] = ticket.split('.');
  const payload = JSON.parse(atob(body.replaceAll('-', '+').replaceAll('_', '/')));
  const reencoded = (value: unknown) =>
    btoa(JSON.stringify(value)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
  const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BA' : 'AA'}`;
  const otherSecret = signReportTicket(
    { jwtSecret: 'another-server-secret-that-is-long-enough-123' },
    { remote: 'user', version: CANARY, ip: '203.0.113.9', now: t.clock() },
  ).value;

  const invalid = 'This report ticket is not valid.';
  const mismatch = 'This report ticket is for another release.';
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['random text', { ticket: 'not-a-ticket' }, invalid, 'invalid_ticket'],
    ['a bad signature', { ticket: `${body}.${flipped}` }, invalid, 'invalid_ticket'],
    [
      'a payload changed to another reporter',
      { ticket: `${reencoded({ ...payload, reporter: 'someone-else' })}.${signature}` },
      invalid,
      'invalid_ticket',
    ],
    [
      'a payload with a later expiry',
      { ticket: `${reencoded({ ...payload, exp: payload.exp + 86_400 })}.${signature}` },
      invalid,
      'invalid_ticket',
    ],
    ['a ticket of another server', { ticket: otherSecret }, invalid, 'invalid_ticket'],
    ['an access token', { ticket: t.admin }, invalid, 'invalid_ticket'],
    ['the stable version', { version: STABLE }, mismatch, 'ticket_mismatch'],
    ['another remote', { remote: 'owner' }, mismatch, 'ticket_mismatch'],
    ['an unknown remote', { remote: 'billing' }, mismatch, 'ticket_mismatch'],
  ];
  for (const [name, change, detail, code] of cases) {
    const res = await t.post('/api/releases/events/', {
      remote: 'user',
      version: CANARY,
      outcome: 'load_failed',
      ticket,
      ...change,
    });
    assert.equal(res.status, 403, name);
    const json = await res.json();
    assert.equal(json.detail, detail, name);
    assert.equal(json.code, code, name);
  }

  // Good until it expires, then refused.
  t.clock.advance(REPORT_TICKET_TTL_SECONDS * 1000 - 1000);
  const late = await t.post('/api/releases/events/', {
    remote: 'user',
    version: CANARY,
    outcome: 'loaded',
    ticket,
  });
  assert.equal(late.status, 202);
  t.clock.advance(1000);
  const expired = await t.post('/api/releases/events/', {
    remote: 'user',
    version: CANARY,
    outcome: 'load_failed',
    ticket,
  });
  assert.equal(expired.status, 403);
  assert.deepEqual(await expired.json(), {
    detail: 'This report ticket has expired; fetch the release manifest again.',
    error: 'This report ticket has expired; fetch the release manifest again.',
    code: 'ticket_expired',
  });
  // Only the one good report was recorded.
  assert.deepEqual(await written(t), { events: 1, reporters: 1, limits: 1 });
  assert.deepEqual(
    (await events(t)).map((row) => row.outcome),
    ['loaded'],
  );
});

Deno.test('a report ticket is no access token', async () => {
  await using t = await createReleasesTestApp();
  await withCanary(t);
  const ticket = await t.ticket('user', CANARY);
  assert.equal((await t.get('/api/releases/', { token: ticket })).status, 401);
  assert.equal((await t.get('/api/profile/', { token: ticket })).status, 401);
});

Deno.test('one address flooding failures cannot roll back a canary, however many manifests it fetches', async () => {
  await using t = await createReleasesTestApp();
  await withCanary(t);
  const ip = '203.0.113.66';
  const tickets = new Set<string>();
  for (let i = 0; i < 1000; i++) {
    tickets.add(await t.ticket('user', CANARY, { ip }));
    // Tickets differ as time passes, and never the reporter they name.
    if (i % 10 === 9) t.clock.advance(1000);
  }
  assert.equal(tickets.size, 100);
  let last: Response | undefined;
  for (const ticket of [...tickets].slice(0, EVENTS_PER_MINUTE)) {
    await last?.body?.cancel();
    last = await t.post(
      '/api/releases/events/',
      { remote: 'user', version: CANARY, outcome: 'load_failed', ticket },
      { ip },
    );
    assert.equal(last.status, 202);
  }
  assert.deepEqual(await last?.json(), { recorded: true, rolled_back: false });
  assert.equal(await canaryOf(t), CANARY);
  // The same from neighbours in one IPv6 /48: one site, one reporter.
  for (const neighbour of ['2001:db8:1:1::1', '2001:db8:1:2::7', '2001:db8:1:ffff:1:2:3:4']) {
    await t.report('user', CANARY, 'load_failed', 3, { ip: neighbour });
  }
  assert.equal(await canaryOf(t), CANARY);
  const recent = (await statusOf(t)).remotes.user.canary.events.recent;
  assert.deepEqual(recent, { reporters: 2, failed: 2, reports: 109 });
});

Deno.test(`${AUTO_ROLLBACK_MIN_REPORTERS} browsers on distinct addresses failing roll a canary back, with the reason shown`, async () => {
  await using t = await createReleasesTestApp();
  await withCanary(t);
  const early = await t.reportFrom(AUTO_ROLLBACK_MIN_REPORTERS - 1, 'user', CANARY, 'load_failed');
  assert.deepEqual(await early.json(), { recorded: true, rolled_back: false });
  assert.equal(await canaryOf(t), CANARY);
  // A browser that got its ticket before the rollback may still report afterwards.
  const lateTicket = await t.ticket('user', CANARY, { ip: '192.0.2.201' });
  const fifth = await t.report('user', CANARY, 'load_failed', 1, { ip: '192.0.2.200' });
  assert.deepEqual(await fifth.json(), { recorded: true, rolled_back: true });

  const reason = 'Automatic rollback: 5 of 5 recent reporters of 1.1.0-abcd1234 failed.';
  assert.equal((await t.manifest()).remotes.user.canary, null);
  assert.equal((await t.manifest()).remotes.user.stable?.version, STABLE);
  const status = await statusOf(t);
  assert.equal(status.remotes.user.canary, null);
  assert.equal(status.remotes.user.rolled_back_reason, reason);
  assert.equal(
    status.remotes.user.rolled_back_at,
    new Date(t.clock().getTime() - 1000).toISOString(),
  );
  assert.deepEqual((await t.audit()).at(-1), {
    actor_id: null,
    action: 'auto_rollback',
    remote: 'user',
    before: { stable: STABLE, previous_stable: null, canary: CANARY, canary_percent: 20 },
    after: {
      stable: STABLE,
      previous_stable: null,
      canary: null,
      canary_percent: 0,
      reason,
      reporters: 5,
      failed: 5,
    },
    created_at: new Date(t.clock().getTime() - 1000),
  });
  // Later reports about it are still recorded, and change nothing.
  const after = await t.post(
    '/api/releases/events/',
    { remote: 'user', version: CANARY, outcome: 'load_failed', ticket: lateTicket },
    { ip: '192.0.2.201' },
  );
  assert.equal(after.status, 202);
  assert.deepEqual(await after.json(), { recorded: true, rolled_back: false });
  assert.equal((await t.audit()).filter((row) => row.action === 'auto_rollback').length, 1);
});

Deno.test('five browsers failing at the same moment roll the canary back exactly once', async () => {
  await using t = await createReleasesTestApp();
  await withCanary(t);
  const tickets = await Promise.all(
    [0, 1, 2, 3, 4].map((i) => t.ticket('user', CANARY, { ip: reporterIp(i) })),
  );
  const answers = await Promise.all(
    tickets.map(async (ticket, i) => {
      const res = await t.post(
        '/api/releases/events/',
        { remote: 'user', version: CANARY, outcome: 'load_failed', ticket },
        { ip: reporterIp(i) },
      );
      assert.equal(res.status, 202);
      return (await res.json()).rolled_back;
    }),
  );
  assert.equal(answers.filter(Boolean).length, 1);
  assert.equal(await canaryOf(t), undefined);
  assert.equal((await t.audit()).filter((row) => row.action === 'auto_rollback').length, 1);
});

Deno.test('a flood of loaded reports from one reporter cannot outvote real failures', async () => {
  await using t = await createReleasesTestApp();
  await withCanary(t);
  // One address says "loaded" a hundred times, before and between the real reports.
  await t.report('user', CANARY, 'loaded', 50, { ip: '203.0.113.77' });
  await t.reportFrom(3, 'user', CANARY, 'load_failed');
  await t.report('user', CANARY, 'loaded', 50, { ip: '203.0.113.77' });
  // Four reporters so far: too few to decide anything.
  assert.equal(await canaryOf(t), CANARY);
  const fourth = await t.report('user', CANARY, 'render_failed', 1, { ip: '192.0.2.50' });
  assert.deepEqual(await fourth.json(), { recorded: true, rolled_back: true });
  assert.equal(
    (await statusOf(t)).remotes.user.rolled_back_reason,
    'Automatic rollback: 4 of 5 recent reporters of 1.1.0-abcd1234 failed.',
  );
});

Deno.test('a reporter counts once, by its latest report: loaded then render_failed is a failure', async () => {
  await using t = await createReleasesTestApp();
  await withCanary(t);
  const send = (i: number, outcome: string) =>
    t.report('user', CANARY, outcome, 1, { ip: reporterIp(i) });
  // A browser that failed once and has loaded fine since counts as loaded.
  await send(4, 'load_failed');
  await send(4, 'loaded');
  for (const i of [3, 5, 6]) await send(i, 'loaded');
  // The shell reports a canary that loads and then throws on its first render as both.
  for (const i of [0, 1, 2]) {
    await send(i, 'loaded');
    const res = await send(i, 'render_failed');
    assert.deepEqual(await res.json(), { recorded: true, rolled_back: false });
  }
  assert.deepEqual((await statusOf(t)).remotes.user.canary.events.recent, {
    reporters: 7,
    failed: 3,
    reports: 11,
  });
  // The browser that had recovered fails again: 4 of 7.
  const tipping = await send(4, 'render_failed');
  assert.deepEqual(await tipping.json(), { recorded: true, rolled_back: true });
  assert.equal(
    (await statusOf(t)).remotes.user.rolled_back_reason,
    'Automatic rollback: 4 of 7 recent reporters of 1.1.0-abcd1234 failed.',
  );
});

Deno.test('successful loads from many browsers keep a canary that fails now and then', async () => {
  await using t = await createReleasesTestApp();
  await withCanary(t);
  for (let i = 0; i < 10; i++) {
    await t.report('user', CANARY, i % 5 < 3 ? 'loaded' : 'load_failed', 1, {
      ip: reporterIp(i),
    });
  }
  assert.equal(await canaryOf(t), CANARY);
  assert.deepEqual(
    (await t.audit()).filter((row) => row.action === 'auto_rollback'),
    [],
  );
});

Deno.test("only the canary's own recent reporters count: not the stable's, not those from before it became canary", async () => {
  await using t = await createReleasesTestApp();
  await withCanary(t);
  // The stable release failing is reported but never rolled back.
  await t.reportFrom(6, 'user', STABLE, 'load_failed');
  assert.equal((await t.manifest()).remotes.user.stable?.version, STABLE);
  assert.equal(await canaryOf(t), CANARY);

  await t.reportFrom(5, 'user', CANARY, 'load_failed');
  assert.equal(await canaryOf(t), undefined);
  // Tried again later, it starts from a clean slate: the same five must fail again.
  await t.canary('user', CANARY, 5);
  const res = await t.report('user', CANARY, 'load_failed', 1, { ip: reporterIp(0) });
  assert.deepEqual(await res.json(), { recorded: true, rolled_back: false });
  assert.equal(await canaryOf(t), CANARY);
  // The window is the newest 20 reporters: 20 good ones bury an old failure...
  for (let i = 100; i < 100 + AUTO_ROLLBACK_WINDOW; i++) {
    await t.report('user', CANARY, 'loaded', 1, { ip: reporterIp(i) });
  }
  for (let i = 1; i < 10; i++) {
    await t.report('user', CANARY, 'load_failed', 1, { ip: reporterIp(i) });
  }
  assert.equal(await canaryOf(t), CANARY);
  // ...and the 10th failure of the newest 20 tips it.
  await t.report('user', CANARY, 'load_failed', 1, { ip: reporterIp(10) });
  assert.equal(await canaryOf(t), undefined);
  assert.equal(
    (await statusOf(t)).remotes.user.rolled_back_reason,
    'Automatic rollback: 10 of 20 recent reporters of 1.1.0-abcd1234 failed.',
  );
});

Deno.test(`reports are limited to ${EVENTS_PER_MINUTE} a minute per client IP (429)`, async () => {
  await using t = await createReleasesTestApp();
  await withCanary(t);
  const ip = '203.0.113.7';
  const body = {
    remote: 'user',
    version: STABLE,
    outcome: 'loaded',
    ticket: await t.ticket('user', STABLE, { ip }),
  };
  for (let i = 0; i < EVENTS_PER_MINUTE; i++) {
    const res = await t.post('/api/releases/events/', body, { ip });
    assert.equal(res.status, 202);
    await res.body?.cancel();
  }
  const limited = await t.post('/api/releases/events/', body, { ip });
  assert.equal(limited.status, 429);
  assert.equal(limited.headers.get('Retry-After'), '60');
  assert.deepEqual(await limited.json(), {
    detail: 'Too many release events. Please try again in 1 minute.',
    error: 'Too many release events. Please try again in 1 minute.',
    code: 'too_many_requests',
  });
  // Other browsers are not affected, and the limit lifts after a minute.
  const other = await t.post('/api/releases/events/', body, { ip: '203.0.113.8' });
  assert.equal(other.status, 202);
  t.clock.advance(60_000);
  const later = await t.post('/api/releases/events/', body, { ip });
  assert.equal(later.status, 202);
  const [row] = await t.db.query<{ n: number }>`SELECT count(*)::int AS n FROM release_events`;
  assert.equal(row?.n, EVENTS_PER_MINUTE + 2);
});
