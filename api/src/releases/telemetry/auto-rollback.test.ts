import assert from 'node:assert/strict';
import { createReleasesTestApp, type ReleasesTestApp, reporterIp } from '../../testing/releases.ts';
import { AUTO_ROLLBACK_MIN_REPORTERS, AUTO_ROLLBACK_WINDOW, EVENTS_PER_MINUTE } from './rules.ts';

// The automatic rollback on load failures (auto-rollback.ts), through POST /api/releases/events/
// as browsers report: distinct reporters, each once by its latest outcome.

const STABLE = '1.0.0-aaaaaaaa';
const CANARY = '1.1.0-abcd1234';

async function withCanary(t: ReleasesTestApp) {
  await t.publish('user', STABLE);
  await t.publish('user', CANARY);
  await t.canary('user', CANARY, 20);
}

const canaryOf = async (t: ReleasesTestApp) => (await t.manifest()).remotes.user.canary?.version;

async function statusOf(t: ReleasesTestApp) {
  return await (await t.get('/api/releases/', { token: t.admin })).json();
}

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
