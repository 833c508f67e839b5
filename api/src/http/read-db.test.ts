// Which requests read the replica (`readDb`, see context.ts) and which the primary, on any engine:
// the app gets a "replica" that is the primary under a counting handle, or one that cannot be
// reached. The real streaming standby is in db/replica.test.ts.
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { REPLICA_UNAVAILABLE } from '../app.ts';
import type { Db } from '../db/db.ts';
import { openReplica } from '../db/replica.ts';
import { TEST_PASSWORD } from '../testing/accounts.ts';
import { type Account, type BookingTestApp, createBookingTestApp } from '../testing/booking.ts';
import { createTestDb, type TestDb } from '../testing/db.ts';

/** The same database under another handle that counts what is read through it. */
function countingReplica(db: Db) {
  const reads = { count: 0 };
  const replica: Db = {
    kind: db.kind,
    query(strings, ...params) {
      reads.count++;
      return db.query(strings, ...params);
    },
    transaction(fn) {
      reads.count++;
      return db.transaction(fn);
    },
    listen: () => Promise.reject(new Error('a replica cannot listen')),
    ping: () => db.ping(),
    close: () => Promise.resolve(),
  };
  return { replica, reads };
}

/** A port on 127.0.0.1 that nothing listens on (it was free a moment ago). */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface World {
  t: BookingTestApp;
  db: TestDb;
  admin: Account;
  owner: Account;
  customer: Account;
  showId: number;
  seat(label: string): number;
}

async function world(readDb: (db: Db) => Db): Promise<World> {
  const db = await createTestDb();
  try {
    const t = await createBookingTestApp({ db: db.db, readDb: readDb(db.db) });
    const { owner, customer, show } = await t.scenario();
    const admin = await t.account('root', 'admin');
    return { t, db, admin, owner, customer, showId: show.id, seat: show.seat };
  } catch (error) {
    await db.close();
    throw error;
  }
}

async function closeWorld(w: World) {
  await w.t.close();
  await w.db.close();
}

/** The back-office reads of the replica, each with the role that makes it. */
function backOffice(w: World): [string, string][] {
  return [
    [`/api/bookings/admin/?page=1`, w.admin.token],
    [`/api/bookings/admin/?page=1&q=ana`, w.admin.token],
    [`/api/bookings/owner/?page=1`, w.owner.token],
    [`/api/reports/`, w.admin.token],
    [`/api/reports/?from=2026-01-01&to=2026-12-31`, w.owner.token],
    [`/api/signup/?role=user&page=1`, w.admin.token],
    [`/api/signup/?role=owner&page=1&q=own`, w.admin.token],
    [`/api/theaters/?page=1`, w.admin.token],
    [`/api/movies/?page=1`, w.admin.token],
    [`/api/shows/?page=1`, w.admin.token],
  ];
}

Deno.test('the booking path, sign-in and an owner’s own lists never read the replica', async () => {
  let reads = { count: 0 };
  const w = await world((db) => {
    const counting = countingReplica(db);
    reads = counting.reads;
    return counting.replica;
  });
  try {
    const { t, customer, owner, admin, showId, seat } = w;
    const expect = async (res: Response | Promise<Response>, status: number, what: string) => {
      const answer = await res;
      assert.equal(answer.status, status, `${what}: ${await answer.clone().text()}`);
      assert.equal(reads.count, 0, `${what} read the replica`);
      return answer;
    };
    const login = await t.post('/api/login/', {
      email_or_username: customer.email,
      password: TEST_PASSWORD,
    });
    await expect(login, 200, 'login');
    await expect(t.get('/api/profile/', customer.token), 200, 'profile');
    await expect(t.get('/api/theaters/', customer.token), 200, 'theaters');
    await expect(t.get('/api/movies/', customer.token), 200, 'movies');
    await expect(t.get('/api/shows/', customer.token), 200, 'shows');
    await expect(t.get('/api/shows/?page=1', customer.token), 200, 'shows, paged, customer');
    await expect(t.get(`/api/shows/${showId}/`, customer.token), 200, 'one show');
    await expect(t.get(`/api/shows/${showId}/seats/`, customer.token), 200, 'seat map');
    const held = await expect(
      t.post('/api/holds/', { show_id: showId, seat_ids: [seat('C7')] }, customer.token),
      201,
      'hold',
    );
    const hold = await held.json();
    await expect(t.get(`/api/holds/${hold.id}/`, customer.token), 200, 'the hold');
    const paid = await expect(
      t.post(`/api/holds/${hold.id}/confirm/`, undefined, customer.token, {
        'Idempotency-Key': crypto.randomUUID(),
      }),
      201,
      'confirm',
    );
    const ticket = (await paid.json()).tickets[0];
    await expect(t.get('/api/my-tickets/', customer.token), 200, 'my tickets');
    await expect(
      t.request('PATCH', `/api/seats/${seat('C7')}/`, {
        token: customer.token,
        body: { is_booked: true },
      }),
      200,
      'seat patch',
    );
    await expect(
      t.request('PATCH', `/api/bookings/${ticket.id}/cancel/`, { token: customer.token }),
      200,
      'cancel',
    );
    // The owner's own theaters, movies and shows: what they just added must be there.
    await expect(t.get('/api/theaters/?page=1', owner.token), 200, 'owner’s theaters');
    await expect(t.get('/api/movies/?page=1', owner.token), 200, 'owner’s movies');
    await expect(t.get('/api/shows/?page=1', owner.token), 200, 'owner’s shows');
    await expect(t.get(`/api/shows/${showId}/seats/`, owner.token), 200, 'owner’s seat map');
    // The door, in the hour before the show: sees the booking just made.
    const again = await t.holdAndPay(customer, showId, [seat('D4')]);
    assert.equal(again.status, 201);
    const code = (await again.json()).tickets[0].code;
    t.clock.set(new Date(t.clock().getTime() + 23.5 * 3600_000));
    await expect(t.get('/api/tickets/check-in/shows/', owner.token), 200, 'door shows');
    await expect(t.post('/api/tickets/check-in/', { code }, owner.token), 200, 'check-in');
    await expect(t.get('/api/releases/manifest/'), 200, 'release manifest');
    await expect(t.get('/api/profile/', admin.token), 200, 'admin profile');
  } finally {
    await closeWorld(w);
  }
});

Deno.test('the admin’s lists, the owner’s bookings and the reports read the replica, sign-in the primary', async () => {
  let reads = { count: 0 };
  const w = await world((db) => {
    const counting = countingReplica(db);
    reads = counting.reads;
    return counting.replica;
  });
  try {
    const { t, customer, showId, seat } = w;
    assert.equal((await t.holdAndPay(customer, showId, [seat('A1')])).status, 201);
    await t.settled(); // the confirmation's sender reads the primary too
    for (const [path, token] of backOffice(w)) {
      reads.count = 0;
      t.statements.count = 0;
      const res = await t.get(path, token);
      assert.equal(res.status, 200, `${path}: ${await res.clone().text()}`);
      assert.ok(reads.count > 0, `${path} did not read the replica`);
      // The one statement on the primary checks the token's session: a logout counts at once.
      assert.equal(t.statements.count, 1, `${path} read the primary beyond the session`);
    }
  } finally {
    await closeWorld(w);
  }
});

Deno.test('a replica out of reach: lists and reports answer 503, booking goes on, health says so', async () => {
  const url = `postgres://postgres@127.0.0.1:${await deadPort()}/cinema`;
  let replica: Db | null = null;
  const w = await world(() => {
    replica = openReplica(url, { max: 2, connectTimeout: 2 });
    return replica;
  });
  try {
    const { t, customer, admin, showId, seat } = w;
    const started = performance.now();
    for (const [path, token] of backOffice(w)) {
      const res = await t.get(path, token);
      assert.equal(res.status, 503, path);
      assert.equal(res.headers.get('Retry-After'), '5');
      assert.deepEqual(await res.json(), {
        detail: REPLICA_UNAVAILABLE,
        error: REPLICA_UNAVAILABLE,
        code: 'replica_unavailable',
      });
    }
    // At once, each of them: not after postgres.js' reconnect back-off (up to 20 s).
    assert.ok(performance.now() - started < 5000, 'the 503s were slow');
    assert.equal(t.logger.errors.length, backOffice(w).length);
    assert.match(t.logger.errors[0]?.message ?? '', /read replica is unavailable/);

    // Nobody on the way to a seat notices.
    assert.equal((await t.get(`/api/shows/${showId}/seats/`, customer.token)).status, 200);
    assert.equal((await t.holdAndPay(customer, showId, [seat('B2')])).status, 201);
    assert.equal((await t.get('/api/my-tickets/', customer.token)).status, 200);

    // Health stays 200 (every instance shares the replica; taking them all out would stop sales).
    const health = await t.get('/api/health/');
    assert.equal(health.status, 200);
    assert.deepEqual(await health.json(), {
      status: 'ok',
      database: 'up',
      db: t.db.kind,
      replica: 'down',
    });
    assert.equal((await t.get('/api/profile/', admin.token)).status, 200);
  } finally {
    await closeWorld(w);
    await (replica as Db | null)?.close();
  }
});

Deno.test('health names the replica and how far behind it is when there is one', async () => {
  const w = await world((db) => countingReplica(db).replica);
  try {
    const res = await w.t.get('/api/health');
    assert.equal(res.status, 200);
    // The "replica" here is the primary itself: not a standby, so nothing to catch up.
    assert.deepEqual(await res.json(), {
      status: 'ok',
      database: 'up',
      db: w.t.db.kind,
      replica: 'up',
      replica_lag_seconds: 0,
    });
  } finally {
    await closeWorld(w);
  }
});
