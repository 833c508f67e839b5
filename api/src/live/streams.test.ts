// The hub's hold on seat streams (live/hub.ts admit): the lease one timer renews for all of an
// instance's streams, what the renewal ends, and what stopping frees. The route's side (logout,
// limits, racing opens, two instances) is in routes/shows/get-show-seat-events.lifetime.test.ts
// and get-show-seat-events.limits.test.ts.
import assert from 'node:assert/strict';
import { testLogger } from '../testing/app.ts';
import { type Account, createBookingTestApp } from '../testing/booking.ts';
import { type ByeReason, createLiveHub, type Viewer } from './hub.ts';

function viewer() {
  const byes: ByeReason[] = [];
  let heard: (() => void) | null = null;
  const v: Viewer = {
    events() {},
    bye(reason = 'resume') {
      byes.push(reason);
      heard?.();
    },
  };
  /** The next bye, within `ms`. */
  const nextBye = (ms = 2000) =>
    new Promise<ByeReason>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('No bye in time')), ms);
      heard = () => {
        clearTimeout(timer);
        heard = null;
        resolve(byes.at(-1) as ByeReason);
      };
    });
  return { v, byes, nextBye };
}

async function setUp() {
  const t = await createBookingTestApp();
  const who = await t.account('ana');
  const hub = createLiveHub({
    db: t.db,
    config: t.config,
    clock: t.clock,
    logger: testLogger(),
    streamLease: { seconds: 2, renewMs: 50 },
  });
  await hub.start();
  const [session] = await t.db.query<{ id: string }>`
    SELECT id::text AS id FROM sessions WHERE user_id = ${who.id}`;
  const owner = (a: Account) => ({
    userId: a.id,
    sessionId: session?.id as string,
    network: '192.0.2.1',
  });
  return Object.assign(t, { who, hub, owner: owner(who), sessionId: session?.id as string });
}

const leases = (t: Awaited<ReturnType<typeof setUp>>) =>
  t.db.query<{ id: string; left_ms: number }>`
    SELECT id::text AS id,
           (extract(epoch FROM lease_until - clock_timestamp()) * 1000)::integer AS left_ms
      FROM seat_streams ORDER BY id`;

Deno.test('the instance renews its streams’ leases; a stream whose row is gone ends and comes back', async () => {
  await using t = await setUp();
  const { v, nextBye } = viewer();
  const admitted = await t.hub.admit(t.owner, v);
  assert.equal(admitted.ok, true);
  // Well past the first lease (2 s): renewed all along.
  await new Promise((resolve) => setTimeout(resolve, 2500));
  const [row] = await leases(t);
  assert.ok(row && row.left_ms > 1500, JSON.stringify(row));

  // Deleted behind its back (another instance took it for lapsed): it no longer counts, so the
  // stream ends and its client's reconnect is counted again.
  await t.db.query`DELETE FROM seat_streams`;
  assert.equal(await nextBye(), 'resume');
  if (admitted.ok) admitted.release();
  await t.hub.stop();
});

Deno.test('a session ended while its notification went unheard is caught by the renewal', async () => {
  await using t = await setUp();
  const { v, nextBye } = viewer();
  assert.equal((await t.hub.admit(t.owner, v)).ok, true);
  await t.db.transaction(async (tx) => {
    await tx.query`ALTER TABLE sessions DISABLE TRIGGER sessions_revoked_notify`;
    await tx.query`UPDATE sessions SET revoked_at = now() WHERE id = ${t.sessionId}::uuid`;
    await tx.query`ALTER TABLE sessions ENABLE TRIGGER sessions_revoked_notify`;
  });
  assert.equal(await nextBye(500), 'session_ended');
  await t.hub.stop();
});

Deno.test('an ended session is refused a slot; a stopping instance frees all of its own', async () => {
  await using t = await setUp();
  const streams = [viewer(), viewer(), viewer()];
  for (const s of streams) assert.equal((await t.hub.admit(t.owner, s.v)).ok, true);
  const other = createLiveHub({ db: t.db, config: t.config, clock: t.clock, logger: testLogger() });
  await other.start();
  assert.equal((await other.admit(t.owner, viewer().v)).ok, true);
  assert.equal((await leases(t)).length, 4);
  await t.hub.stop();
  assert.equal((await leases(t)).length, 1); // the other instance's
  await other.stop();
  assert.equal((await leases(t)).length, 0);

  await t.db.query`UPDATE sessions SET revoked_at = now() WHERE id = ${t.sessionId}::uuid`;
  const late = createLiveHub({ db: t.db, config: t.config, clock: t.clock, logger: testLogger() });
  await late.start();
  assert.deepEqual(await late.admit(t.owner, viewer().v), { ok: false, reason: 'session' });
  await late.stop();
});
