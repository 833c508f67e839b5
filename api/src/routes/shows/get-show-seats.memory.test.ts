// The seat map answered from memory (docs/decisions/0030-seat-map-from-memory.md): no statement
// reaches PostgreSQL for a map whose session and seats the instance knows while its hub hears
// everything; the answer is byte for byte what an instance that reads the database sends, for
// every kind of caller; a change made through another instance, a session ended there and a
// role changed there count within a second; and an instance that stops hearing reads again.
import assert from 'node:assert/strict';
import { recordSeatChange } from '../../booking/sql.ts';
import type { Account, BookingTestApp } from '../../testing/booking.ts';
import { onPostgresServer } from '../../testing/db.ts';
import { eventually, instances } from '../../testing/instances.ts';

type Answer = { status: number; etag: string | null; body: string };

async function mapOf(t: BookingTestApp, showId: number, token?: string): Promise<Answer> {
  const res = await t.get(`/api/shows/${showId}/seats/`, token);
  return { status: res.status, etag: res.headers.get('ETag'), body: await res.text() };
}

/** B answers without a statement, exactly as C (from the database) does. */
async function fromMemoryAsBefore(
  env: Awaited<ReturnType<typeof instances>>,
  showId: number,
  who: (Account | undefined)[],
) {
  for (const viewer of who) {
    const token = viewer?.token;
    // The first ask may read (a session or a map not known yet); then B knows.
    await mapOf(env.b, showId, token);
    // B answers without a statement exactly what C reads (not a rule's second: a change made
    // just before may still be on its way, and on a loaded machine the heartbeat's echo too).
    let last: { memory: Answer; database: Answer } | undefined;
    const same = async () => {
      const before = env.rec.reads();
      const memory = await mapOf(env.b, showId, token);
      if (env.rec.reads() !== before) return false;
      last = { memory, database: await mapOf(env.c, showId, token) };
      return JSON.stringify(last.memory) === JSON.stringify(last.database);
    };
    try {
      await eventually(`B answers ${viewer?.username ?? 'nobody'} from memory`, same, 5000);
    } catch (error) {
      if (!last) throw error;
      assert.deepEqual(last.memory, last.database, `the answer to ${viewer?.username}`);
    }
  }
}

Deno.test('the seat map from memory reads nothing and is byte for byte the database’s answer, for every caller, after every change', async () => {
  await using env = await instances();
  const { a } = env;
  const { owner, customer, theater, show } = await a.scenario({ rows: 3, seatsPerRow: 4 });
  const bea = await a.account('bea');
  const admin = await a.account('root', 'admin');
  const other = await a.account('owner2', 'owner');
  await a.theater(other, { name: 'Elsewhere' });
  assert.ok(theater);
  const everyone = [undefined, customer, bea, owner, other, admin];

  // Nothing held or booked yet; the other owner gets the 404, nobody the 401.
  await fromMemoryAsBefore(env, show.id, everyone);
  assert.equal((await mapOf(env.b, show.id, other.token)).status, 404);
  assert.equal((await mapOf(env.b, show.id)).status, 401);

  // Ana holds two seats, Bea books one (with a name to escape), an owner checks Bea in.
  const held = await a.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [show.seat('A1'), show.seat('B2')] },
    customer.token,
  );
  assert.equal(held.status, 201);
  assert.equal((await a.holdAndPay(bea, show.id, [show.seat('C4')])).status, 201);
  await fromMemoryAsBefore(env, show.id, everyone);

  await a.db.transaction(async (tx) => {
    await tx.query`UPDATE bookings SET checked_in_at = ${a.clock()} WHERE seat_id = ${show.seat('C4')}`;
    await recordSeatChange(tx, { showId: show.id, seatIds: [show.seat('C4')], now: a.clock() });
  });
  // Ana pays for her hold: her seats are 'mine' to her, booked to the others.
  const { id: holdId } = await held.json();
  const paid = await a.post(`/api/holds/${holdId}/confirm/`, undefined, customer.token, {
    'Idempotency-Key': crypto.randomUUID(),
  });
  assert.equal(paid.status, 201);
  await fromMemoryAsBefore(env, show.id, everyone);

  // And a 304 for a caller whose answer is unchanged, from memory too.
  const { etag } = await mapOf(env.b, show.id, customer.token);
  await eventually(
    'a 304 without a statement',
    async () => {
      const before = env.rec.reads();
      const res = await env.b.request('GET', `/api/shows/${show.id}/seats/`, {
        token: customer.token,
        headers: { 'If-None-Match': etag ?? '' },
      });
      assert.equal(res.status, 304);
      return env.rec.reads() === before;
    },
    5000,
  );
});

Deno.test('a hold and a booking made through another instance reach an open map within a second', async () => {
  await using env = await instances();
  const { a, b } = env;
  const { customer, show } = await a.scenario({ rows: 2, seatsPerRow: 5 });
  const bea = await a.account('bea');
  await fromMemoryAsBefore(env, show.id, [bea]);

  const status = async (label: string) => {
    const seats: { label: string; status: string }[] = await (
      await b.get(`/api/shows/${show.id}/seats/`, bea.token)
    ).json();
    return seats.find((s) => s.label === label)?.status;
  };
  const held = await a.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [show.seat('A3')] },
    customer.token,
  );
  assert.equal(held.status, 201);
  await eventually('the hold is on B’s map', async () => (await status('A3')) === 'held');
  const { id } = await held.json();
  const paid = await a.post(`/api/holds/${id}/confirm/`, undefined, customer.token, {
    'Idempotency-Key': crypto.randomUUID(),
  });
  assert.equal(paid.status, 201);
  await eventually('the booking is on B’s map', async () => (await status('A3')) === 'booked');
  // And B answers it from memory again, as the database does.
  await fromMemoryAsBefore(env, show.id, [bea, customer]);
});

Deno.test('a session ended through another instance is refused from memory within a second', async () => {
  await using env = await instances();
  const { a, b } = env;
  const { customer, show } = await a.scenario({ rows: 1, seatsPerRow: 4 });
  await fromMemoryAsBefore(env, show.id, [customer]);

  await a.db.query`UPDATE sessions SET revoked_at = now() WHERE user_id = ${customer.id}`;
  await eventually('the 401', async () => (await mapOf(b, show.id, customer.token)).status === 401);
  const refused = await mapOf(b, show.id, customer.token);
  assert.equal(refused.status, 401);
  assert.equal(JSON.parse(refused.body).code, 'token_not_valid');
});

Deno.test('a role changed through another instance counts within a second', async () => {
  await using env = await instances();
  const { a, b } = env;
  const { customer, show } = await a.scenario({ rows: 1, seatsPerRow: 4 });
  const bea = await a.account('bea');
  assert.equal((await a.holdAndPay(bea, show.id, [show.seat('A2')])).status, 201);
  await fromMemoryAsBefore(env, show.id, [customer]);
  const bookerOfA2 = async () => {
    const seats: { label: string; booked_by: string | null }[] = JSON.parse(
      (await mapOf(b, show.id, customer.token)).body,
    );
    return seats.find((s) => s.label === 'A2')?.booked_by;
  };
  assert.equal(await bookerOfA2(), null);
  await a.db.query`UPDATE users SET role = 'admin' WHERE id = ${customer.id}`;
  await eventually('names shown to the new admin', async () => (await bookerOfA2()) === 'bea');
});

Deno.test('an instance that stops hearing answers from the database: a booking still shows within a second', async () => {
  await using env = await instances();
  const { a, b } = env;
  const { customer, show } = await a.scenario({ rows: 1, seatsPerRow: 4 });
  const bea = await a.account('bea');
  await fromMemoryAsBefore(env, show.id, [bea]);

  // B's listening connection goes silent without a word (no reconnect is ever reported).
  env.rec.state.deaf = true;
  assert.equal((await a.holdAndPay(customer, show.id, [show.seat('A1')])).status, 201);
  await eventually('the booking on B’s map', async () => {
    const seats: { label: string; status: string }[] = JSON.parse(
      (await mapOf(b, show.id, bea.token)).body,
    );
    return seats.find((s) => s.label === 'A1')?.status === 'booked';
  });
  // Every answer now reads the database, and is still the database's.
  const before = env.rec.reads();
  const answer = await mapOf(b, show.id, bea.token);
  assert.ok(env.rec.reads() > before);
  assert.deepEqual(answer, await mapOf(env.c, show.id, bea.token));
});

Deno.test({
  name: 'a lost listening connection: a booking made meanwhile shows within a second, and memory answers again once it is back',
  ignore: !onPostgresServer,
  async fn() {
    await using env = await instances();
    const { a, b } = env;
    const { customer, show } = await a.scenario({ rows: 1, seatsPerRow: 4 });
    const bea = await a.account('bea');
    await fromMemoryAsBefore(env, show.id, [bea]);

    // Only B's hub listens (A's and C's never started).
    await a.db.query`
      SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = current_database() AND application_name = 'cinema-api-listen'`;
    assert.equal((await a.holdAndPay(customer, show.id, [show.seat('A4')])).status, 201);
    await eventually('the booking on B’s map', async () => {
      const seats: { label: string; status: string }[] = JSON.parse(
        (await mapOf(b, show.id, bea.token)).body,
      );
      return seats.find((s) => s.label === 'A4')?.status === 'booked';
    });
    await fromMemoryAsBefore(env, show.id, [bea, customer]);
  },
});
