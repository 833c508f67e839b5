import assert from 'node:assert/strict';
import {
  HEALTH_REPORTS_PER_MINUTE,
  HEALTH_SAMPLES_PER_REPORTER_PER_MINUTE,
  REPORT_TICKET_TTL_SECONDS,
} from '../../releases/telemetry/rules.ts';
import { signReportTicket } from '../../releases/telemetry/tickets.ts';
import { createReleasesTestApp, type ReleasesTestApp } from '../../testing/releases.ts';
import { sendHealth } from '../../testing/rollouts.ts';

const STABLE = '1.0.0-aaaaaaaa';
const CANARY = '1.1.0-abcd1234';

async function withCanary(t: ReleasesTestApp) {
  await t.publish('user', STABLE);
  await t.publish('user', CANARY);
  await t.canary('user', CANARY, 20);
}

const samples = (t: ReleasesTestApp) =>
  t.db.query<{ kind: string; value: number | null; route: string | null; reporter: string }>`
    SELECT kind, value, route, reporter FROM release_health_samples ORDER BY id`;

const post = (t: ReleasesTestApp, body: unknown, contentType = 'text/plain', ip = '198.51.100.1') =>
  t.app.request('/api/releases/health/', {
    method: 'POST',
    headers: { 'Content-Type': contentType, 'X-Forwarded-For': ip },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

Deno.test('a browser sends health samples as a beacon (text/plain) or as JSON, with its ticket (202)', async () => {
  await using t = await createReleasesTestApp();
  await withCanary(t);
  let res = await sendHealth(t, 'user', CANARY, [
    { kind: 'view', route: '/user' },
    { kind: 'error', route: '/user/bookings/:id' },
    { kind: 'lcp', value: 1234.5 },
    { kind: 'inp', value: 80, route: '/user' },
    { kind: 'cls', value: 0.05 },
  ]);
  assert.equal(res.status, 202);
  assert.deepEqual(await res.json(), { recorded: 5 });
  res = await sendHealth(t, 'user', STABLE, [{ kind: 'view' }], {
    contentType: 'application/json',
  });
  assert.equal(res.status, 202);
  res = await sendHealth(t, 'user', STABLE, [{ kind: 'view' }], {
    contentType: 'text/plain;charset=UTF-8',
  });
  assert.equal(res.status, 202);
  const rows = await samples(t);
  assert.deepEqual(
    rows.map(({ kind, value, route }) => [kind, value, route]),
    [
      ['view', null, '/user'],
      ['error', null, '/user/bookings/:id'],
      ['lcp', 1234.5, null],
      ['inp', 80, '/user'],
      ['cls', 0.05, null],
      ['view', null, null],
      ['view', null, null],
    ],
  );
  // The reporter is the ticket's: an opaque id per release, not the address.
  for (const row of rows) assert.match(row.reporter, /^[A-Za-z0-9_-]{22}$/);
});

Deno.test('a malformed beacon is a 400 with the field and its message; nothing is recorded', async () => {
  await using t = await createReleasesTestApp();
  await withCanary(t);
  const ticket = await t.ticket('user', CANARY, { ip: '198.51.100.1' });
  const base = { remote: 'user', version: CANARY, ticket };
  const value =
    'Value must be a number from 0 to 60000: given for lcp, inp and cls, absent for view and error.';
  const list = 'Samples must be a list of 1 to 50 measurements.';
  const cases: [unknown, string, string | null][] = [
    [
      'not json',
      'The body must be JSON: {remote, version, ticket, samples: [{kind, value?, route?}]}.',
      null,
    ],
    [
      '',
      'The body must be JSON: {remote, version, ticket, samples: [{kind, value?, route?}]}.',
      null,
    ],
    [{ ...base }, list, 'samples'],
    [{ ...base, samples: [] }, list, 'samples'],
    [{ ...base, samples: Array.from({ length: 51 }, () => ({ kind: 'view' })) }, list, 'samples'],
    [
      { ...base, samples: [{ kind: 'fcp', value: 1 }] },
      'Kind must be one of view, error, lcp, inp, cls.',
      'samples.0.kind',
    ],
    [{ ...base, samples: [{ kind: 'lcp' }] }, value, 'samples.0.value'],
    [{ ...base, samples: [{ kind: 'view', value: 3 }] }, value, 'samples.0.value'],
    [{ ...base, samples: [{ kind: 'inp', value: -1 }] }, value, 'samples.0.value'],
    [{ ...base, samples: [{ kind: 'inp', value: 60001 }] }, value, 'samples.0.value'],
    [{ ...base, samples: [{ kind: 'inp', value: '80' }] }, value, 'samples.0.value'],
    [
      { ...base, samples: [{ kind: 'view', route: 'x'.repeat(201) }] },
      'Route must be text of at most 200 characters.',
      'samples.0.route',
    ],
    [
      { ...base, samples: [{ kind: 'view', route: '/a\u0000' }] },
      'Route must not contain NUL characters or unpaired surrogates.',
      'samples.0.route',
    ],
    [
      { ...base, ticket: undefined, samples: [{ kind: 'view' }] },
      'A report ticket is required: take it from the release manifest.',
      'ticket',
    ],
  ];
  for (const [body, detail, field] of cases) {
    const res = await post(t, body);
    assert.equal(res.status, 400, JSON.stringify(body).slice(0, 100));
    const json = await res.json();
    if (!detail.startsWith('Route must not')) assert.equal(json.detail, detail);
    if (field) assert.ok(json.fields?.[field], `${field} in ${JSON.stringify(json)}`);
  }
  // 64 kB at most.
  const big = await post(t, {
    ...base,
    samples: [{ kind: 'view', route: '/' }],
    pad: 'x'.repeat(70_000),
  });
  assert.equal(big.status, 413);
  assert.equal((await samples(t)).length, 0);
});

Deno.test('a forged, expired or mismatched ticket is a 403 and nothing is recorded', async () => {
  await using t = await createReleasesTestApp();
  await withCanary(t);
  const ticket = await t.ticket('user', CANARY, { ip: '198.51.100.1' });
  const sample = [{ kind: 'error' }];
  const cases: [Record<string, unknown>, string][] = [
    [
      { remote: 'user', version: CANARY, ticket: `${ticket.slice(0, -2)}AA`, samples: sample },
      'invalid_ticket',
    ],
    [{ remote: 'user', version: STABLE, ticket, samples: sample }, 'ticket_mismatch'],
    [{ remote: 'owner', version: CANARY, ticket, samples: sample }, 'ticket_mismatch'],
    [
      {
        remote: 'user',
        version: CANARY,
        ticket: signReportTicket(
          { jwtSecret: 'someone else' },
          { remote: 'user', version: CANARY, ip: '198.51.100.1', now: t.clock() },
        ).value,
        samples: sample,
      },
      'invalid_ticket',
    ],
  ];
  for (const [body, code] of cases) {
    const res = await post(t, body);
    assert.equal(res.status, 403);
    assert.equal((await res.json()).code, code);
  }
  t.clock.advance(REPORT_TICKET_TTL_SECONDS * 1000);
  const expired = await post(t, { remote: 'user', version: CANARY, ticket, samples: sample });
  assert.equal(expired.status, 403);
  assert.equal((await expired.json()).code, 'ticket_expired');
  assert.equal((await samples(t)).length, 0);
});

Deno.test('one reporter adds at most its share a minute; the rest of a beacon is dropped', async () => {
  await using t = await createReleasesTestApp();
  await withCanary(t);
  const views = Array.from({ length: 40 }, () => ({ kind: 'view' as const }));
  const recorded = [];
  for (let i = 0; i < 2; i++) {
    const res = await sendHealth(t, 'user', CANARY, views, { ip: '198.51.100.7' });
    recorded.push((await res.json()).recorded);
  }
  assert.deepEqual(recorded, [40, HEALTH_SAMPLES_PER_REPORTER_PER_MINUTE - 40]);
  // Another network is another voice; and a minute later the first may report again.
  let res = await sendHealth(t, 'user', CANARY, views, { ip: '198.51.100.8' });
  assert.equal((await res.json()).recorded, 40);
  t.clock.advance(60_000);
  res = await sendHealth(t, 'user', CANARY, views, { ip: '198.51.100.7' });
  assert.equal((await res.json()).recorded, 40);
  // Racing beacons of one reporter cannot pass the cap together.
  t.clock.advance(60_000);
  const ticket = await t.ticket('user', CANARY, { ip: '198.51.100.7' });
  const answers = await Promise.all(
    Array.from({ length: 4 }, () =>
      post(
        t,
        { remote: 'user', version: CANARY, ticket, samples: views },
        'text/plain',
        '198.51.100.7',
      ),
    ),
  );
  const total = (await Promise.all(answers.map((a) => a.json()))).reduce(
    (sum, body) => sum + body.recorded,
    0,
  );
  assert.equal(total, HEALTH_SAMPLES_PER_REPORTER_PER_MINUTE);
});

Deno.test('a flood of beacons from one address is refused with 429 and Retry-After', async () => {
  await using t = await createReleasesTestApp();
  await withCanary(t);
  const ticket = await t.ticket('user', CANARY, { ip: '198.51.100.1' });
  const body = { remote: 'user', version: CANARY, ticket, samples: [{ kind: 'view' }] };
  for (let i = 0; i < HEALTH_REPORTS_PER_MINUTE; i++) {
    const res = await post(t, body);
    assert.equal(res.status, 202);
    await res.body?.cancel();
  }
  const res = await post(t, body);
  assert.equal(res.status, 429);
  assert.ok(Number(res.headers.get('Retry-After')) > 0);
  assert.equal((await res.json()).code, 'too_many_requests');
  // Another address is not held back.
  const other = await sendHealth(t, 'user', CANARY, [{ kind: 'view' }], { ip: '198.51.100.2' });
  assert.equal(other.status, 202);
});

Deno.test('health of an unknown version is a 404 even with a ticket', async () => {
  await using t = await createReleasesTestApp();
  await withCanary(t);
  const ticket = signReportTicket(t.config, {
    remote: 'user',
    version: '9.9.9',
    ip: '198.51.100.1',
    now: t.clock(),
  }).value;
  const res = await post(t, {
    remote: 'user',
    version: '9.9.9',
    ticket,
    samples: [{ kind: 'view' }],
  });
  assert.equal(res.status, 404);
  assert.equal((await res.json()).detail, 'Unknown version 9.9.9 for user.');
});
