import assert from 'node:assert/strict';
import { EVENTS_PER_MINUTE, REPORT_TICKET_TTL_SECONDS } from '../../releases/telemetry/rules.ts';
import { signReportTicket } from '../../releases/telemetry/tickets.ts';
import { createReleasesTestApp, type ReleasesTestApp } from '../../testing/releases.ts';

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
