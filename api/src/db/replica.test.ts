// The read pool on a real PostgreSQL streaming standby. The standby tests run only when
// DATABASE_STANDBY_URL names a hot standby of the DATABASE_URL server (.ci/run starts one); they
// pause its replay, which pauses it for everyone, so this is the one file that reads the standby
// and its tests run one after the other (deno test runs a file's tests in sequence).
import assert from 'node:assert/strict';
import postgres from 'postgres';
import { type BookingTestApp, createBookingTestApp } from '../testing/booking.ts';
import { createTestDb, onPostgresServer, type TestDb } from '../testing/db.ts';
import type { Db } from './db.ts';
import { isUnavailable, openReplica, replicaStatus } from './replica.ts';

const STANDBY_URL = Deno.env.get('DATABASE_STANDBY_URL') || null;
const withStandby = onPostgresServer && STANDBY_URL !== null;

/** The same database as `primaryUrl` names, on the standby. */
function onStandby(primaryUrl: string): string {
  const url = new URL(STANDBY_URL as string);
  url.pathname = new URL(primaryUrl).pathname;
  return url.toString();
}

/**
 * The primary's WAL position now: everything committed so far is before it. The insert position:
 * with synchronous_commit=off (as CI runs) a commit can still be unwritten, and
 * pg_current_wal_lsn() (the written end) would be before it.
 */
async function walPosition(db: Db): Promise<string> {
  const [row] = await db.query<{ lsn: string }>`SELECT pg_current_wal_insert_lsn()::text AS lsn`;
  return row?.lsn as string;
}

// How long the standby may take to catch up: the whole API suite writes to the primary in
// parallel (a database per test), and on a loaded machine replay falls seconds behind.
const CATCH_UP_MS = 60_000;

/** Polls until `check` holds, or fails after CATCH_UP_MS saying where the standby is. */
async function until(standby: postgres.Sql, what: string, check: () => Promise<boolean>) {
  const deadline = Date.now() + CATCH_UP_MS;
  while (!(await check())) {
    if (Date.now() > deadline) {
      const [state] = await standby`
        SELECT pg_last_wal_receive_lsn()::text AS received, pg_last_wal_replay_lsn()::text AS replayed,
               pg_get_wal_replay_pause_state() AS pause`;
      throw new Error(`The standby did not ${what} in time: ${JSON.stringify(state)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const replayed = (standby: postgres.Sql, lsn: string) =>
  until(standby, `replay ${lsn}`, async () => {
    const [row] = await standby`SELECT pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn AS done`;
    return row?.done === true;
  });

const received = (standby: postgres.Sql, lsn: string) =>
  until(standby, `receive ${lsn}`, async () => {
    const [row] = await standby`SELECT pg_last_wal_receive_lsn() >= ${lsn}::pg_lsn AS done`;
    return row?.done === true;
  });

async function pauseReplay(standby: postgres.Sql) {
  await standby`SELECT pg_wal_replay_pause()`;
  await until(standby, 'pause', async () => {
    const [row] = await standby`SELECT pg_get_wal_replay_pause_state() AS state`;
    return row?.state === 'paused';
  });
}

async function resumeReplay(standby: postgres.Sql) {
  await standby`SELECT pg_wal_replay_resume()`;
}

interface Replicated {
  primary: TestDb;
  readDb: Db;
  t: BookingTestApp;
  standby: postgres.Sql;
  close(): Promise<void>;
}

/**
 * A fresh database on the primary, once the standby has it, and the app reading its lists from
 * the standby's copy. `standby` is a superuser session on the standby's `postgres` database.
 */
async function replicated(): Promise<Replicated> {
  const standby = postgres(STANDBY_URL as string, { max: 1, onnotice: () => {} });
  // A run that died mid-test may have left replay paused.
  await resumeReplay(standby);
  const primary = await createTestDb();
  await replayed(standby, await walPosition(primary.db));
  const readDb = openReplica(onStandby(primary.url as string), { max: 2 });
  const t = await createBookingTestApp({ db: primary.db, readDb });
  return {
    primary,
    readDb,
    t,
    standby,
    async close() {
      // The standby's sessions on the database end before its DROP reaches the standby.
      await t.close();
      await readDb.close();
      await primary.close();
      await standby.end();
    },
  };
}

type Listed = { seat: { row: string; column: number } };
const labels = (rows: Listed[]) => rows.map((r) => `${r.seat.row}${r.seat.column}`).sort();

Deno.test({
  name: 'a booking made while the standby is paused shows on the seat map and in my tickets at once, in the back-office lists and reports once replay resumes',
  ignore: !withStandby,
  async fn() {
    const r = await replicated();
    const { t, standby } = r;
    let paused = false;
    try {
      const { owner, customer, show } = await t.scenario();
      const admin = await t.account('root', 'admin');
      const [bea] = await t.customers(1);
      assert.ok(bea);
      assert.equal((await t.holdAndPay(customer, show.id, [show.seat('A1')])).status, 201);
      await replayed(standby, await walPosition(r.primary.db));

      const adminList = async () => {
        const res = await t.get('/api/bookings/admin/?page=1', admin.token);
        assert.equal(res.status, 200);
        return labels((await res.json()).results);
      };
      const ownerList = async () => {
        const res = await t.get('/api/bookings/owner/?page=1', owner.token);
        assert.equal(res.status, 200);
        return labels((await res.json()).results);
      };
      const sold = async (token: string) => {
        const res = await t.get('/api/reports/', token);
        assert.equal(res.status, 200);
        return (await res.json()).totals.tickets_sold as number;
      };
      assert.deepEqual(await adminList(), ['A1']);

      await pauseReplay(standby);
      paused = true;
      assert.equal((await t.holdAndPay(customer, show.id, [show.seat('A2')])).status, 201);
      // The booking's WAL is on the standby, not yet applied.
      const booked = await walPosition(r.primary.db);
      await received(standby, booked);

      // The booking path reads the primary: the seat is taken for everyone, now.
      const seatOf = async (token: string) => {
        const res = await t.get(`/api/shows/${show.id}/seats/`, token);
        assert.equal(res.status, 200);
        const seats: { label: string; status: string }[] = await res.json();
        return seats.find((s) => s.label === 'A2')?.status;
      };
      assert.equal(await seatOf(customer.token), 'mine');
      assert.equal(await seatOf(bea.token), 'booked');
      const tickets = await (await t.get('/api/my-tickets/', customer.token)).json();
      assert.deepEqual(labels(tickets), ['A1', 'A2']);
      const grab = await t.post(
        '/api/holds/',
        { show_id: show.id, seat_ids: [show.seat('A2')] },
        bea.token,
      );
      assert.equal(grab.status, 409);

      // The back-office reads the standby, which has not replayed it yet.
      assert.deepEqual(await adminList(), ['A1']);
      assert.deepEqual(await ownerList(), ['A1']);
      assert.equal(await sold(admin.token), 1);
      assert.equal(await sold(owner.token), 1);
      const health = await (await t.get('/api/health')).json();
      assert.equal(health.replica, 'up');
      assert.ok(health.replica_lag_seconds > 0, `lag ${health.replica_lag_seconds}`);

      await resumeReplay(standby);
      paused = false;
      await replayed(standby, booked);
      assert.deepEqual(await adminList(), ['A1', 'A2']);
      assert.deepEqual(await ownerList(), ['A1', 'A2']);
      assert.equal(await sold(admin.token), 2);
      assert.equal(await sold(owner.token), 2);
    } finally {
      if (paused) await resumeReplay(standby);
      await r.close();
    }
  },
});

Deno.test({
  name: 'the standby refuses a write through the read pool, and says how far behind it is',
  ignore: !withStandby,
  async fn() {
    const r = await replicated();
    try {
      await assert.rejects(
        () => r.readDb.query`INSERT INTO theaters (name) VALUES ('nope')`,
        (error: { code?: string }) => error.code === '25006',
      );
      await replayed(r.standby, await walPosition(r.primary.db));
      // Some seconds at most, but the rest of the suite keeps the primary busy meanwhile.
      const { lagSeconds } = await replicaStatus(r.readDb);
      assert.ok(Number.isFinite(lagSeconds) && lagSeconds >= 0, `lag ${lagSeconds}`);
    } finally {
      await r.close();
    }
  },
});

Deno.test({
  name: 'the read pool is read-only even when its URL names a primary',
  ignore: !onPostgresServer,
  async fn() {
    await using primary = await createTestDb();
    const readDb = openReplica(primary.url as string, { max: 1 });
    try {
      const [row] = await readDb.query<{ n: number }>`SELECT count(*) AS n FROM theaters`;
      assert.equal(row?.n, 0);
      const refused = (error: { code?: string }) => error.code === '25006';
      await assert.rejects(() => readDb.query`DELETE FROM theaters`, refused);
      await assert.rejects(
        () => readDb.transaction((tx) => tx.query`UPDATE users SET role = 'admin'`),
        refused,
      );
      assert.deepEqual(await replicaStatus(readDb), { lagSeconds: 0 });
      await assert.rejects(() => readDb.listen('seat_changes', () => {}), /cannot LISTEN/);
    } finally {
      await readDb.close();
    }
  },
});

Deno.test('a replica out of reach is told apart from a bad query', () => {
  for (const code of ['ECONNREFUSED', 'CONNECT_TIMEOUT', 'CONNECTION_CLOSED', 'ETIMEDOUT']) {
    assert.equal(isUnavailable(Object.assign(new Error(code), { code })), true, code);
  }
  // SQLSTATEs: connection failure, admin shutdown, starting up, too many clients, no database.
  for (const code of ['08006', '08001', '57P01', '57P03', '53300', '3D000']) {
    assert.equal(isUnavailable(Object.assign(new Error(code), { code })), true, code);
  }
  // A wrong query, a read-only refusal, a bug: those are not the replica's absence.
  for (const code of ['42P01', '42703', '25006', '22P02', '40001']) {
    assert.equal(isUnavailable(Object.assign(new Error(code), { code })), false, code);
  }
  assert.equal(isUnavailable(new TypeError('SQL parameter $1 is undefined')), false);
  assert.equal(isUnavailable(null), false);
});
