// A blockbuster's on-sale while the primary PostgreSQL dies, on real processes: the cluster of
// failover.test.mjs (pg_auto_failover with a synchronous secondary, two API instances, HAProxy),
// a 40-seat high-demand show added by its owner (POST shows/) with sales opening a few seconds
// ahead, ONSALE_ADMIT_MARGIN 0 so the line admits one fan per free seat (docs/decisions/0031).
// 150 fans (api/bench/onsale.ts prepare: accounts and tokens made set-based) join the line, 110
// before the opening (random order) and 40 after it (arrival order), and poll their place every
// poll_after_seconds as the waiting page does. An admitted fan either looks and leaves the line
// (a third: their turn passes to the next), or picks a seat from the map, holds it with the
// admission token and pays; half of those admitted before the kill think for 7 to 10 s, so
// tokens issued before it are presented to the new primary. Once admissions run and some
// bookings are paid, the early fans still waiting reload the page, the primary's postgres is
// SIGKILLed with its pg_autoctl as failover.test.mjs does, and they reload again once writes are
// served. Asserted, as fans and an operator would notice it: writes are served again within the
// same target; no fan who joined lost their row and the keys that order the line are unchanged;
// admissions after the failover still follow the line (nobody admitted behind someone waiting);
// no place after recovery is worse than before the kill (after the opening nobody can get
// ahead); every admission token issued before the kill still takes seats; every paid booking is
// in the database, no seat twice; no 5xx but 503 with Retry-After; and once the sale settles,
// each API instance's places from memory (api/src/onsale/places.ts) equal the database's order.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiScript } from '../apps.mjs';
import { seeded } from '../bench/onsale-stats.mjs';
import { allowedAlone, PICK_AGAIN } from '../bench/seat-choice.mjs';
import { psql } from '../postgres.mjs';
import {
  answerFigures,
  failoverCluster,
  failoverSkip,
  liveBookings,
  RECOVERY_TARGET_MS,
  retryingClient,
  servedAgainAfter,
  sleep,
} from './failover-kit.mjs';

const FANS = 150;
const EARLY = 110; // these join before the opening, the others after it
const ROWS = 4;
const PER_ROW = 10;
const SEATS = ROWS * PER_ROW;
const OPEN_IN_MS = 6000; // the opening, after the show is added
const LATE_SPREAD_MS = 9000; // the late fans arrive over this long from the opening
// The primary is killed once this long has passed since the opening and this many bookings are
// paid, or at KILL_LATEST_MS whatever happened.
const KILL_EARLIEST_MS = 4000;
const KILL_AFTER_BOOKINGS = 5;
const KILL_LATEST_MS = 12_000;
const SALE_DEADLINE_MS = 35_000; // after the opening, fans still waiting stop
const GIVE_UP_MS = 40_000; // a call stops retrying after this long
const WRITES = ['join', 'leave', 'hold', 'confirm'];
const SEED = 20261127;

const skip = failoverSkip();
const startFailoverCluster = failoverCluster('onsale-failover-faults-');

/**
 * The show's line on `node`, in its order: [{user, key, admittedAt, left}]; `key` is the sort
 * key and seq as PostgreSQL prints them, so an unchanged key compares equal; `admittedAt` in
 * epoch ms, or null.
 * @param {{ port: number }} node
 * @param {number} showId
 */
async function lineRows(node, showId) {
  const rows = await psql(
    node.port,
    `select user_id, sort_key, seq, (extract(epoch from admitted_at) * 1000)::bigint, left_at is not null from sale_line where show_id = ${Number(showId)} order by sort_key, seq`,
  );
  return rows.map((row) => {
    const [user, sortKey, seq, admitted, left] = row.split('|');
    return {
      user: Number(user),
      key: `${sortKey}|${seq}`,
      admittedAt: admitted ? Number(admitted) : null,
      left: left === 't',
    };
  });
}

test('the primary PostgreSQL killed mid on-sale: every fan keeps their place, turns follow the line, tokens still work, no paid seat lost', {
  skip,
  timeout: 240_000,
}, async (t) => {
  const started = Date.now();
  const cluster = await startFailoverCluster({ ONSALE_ADMIT_MARGIN: '0' });
  t.diagnostic(`cluster up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const { database } = cluster;
  const oldPrimary = await database.primary();
  assert.ok(oldPrimary, 'a primary before the sale');
  const data = JSON.parse(
    await apiScript(['bench/onsale.ts', 'prepare', String(FANS)], cluster.env),
  );
  const { answers, now, call } = retryingClient({ giveUpMs: GIVE_UP_MS });
  const wall0 = Date.now() - now();
  const api = cluster.apiUrl;

  // The owner adds a 40-seat theater, a movie and the high-demand show, opening shortly.
  const ownerHeaders = {
    Authorization: `Bearer ${data.ownerToken}`,
    'Content-Type': 'application/json',
  };
  const add = async (/** @type {string} */ what, /** @type {object} */ body) => {
    const res = await call(
      'owner',
      `${api}/${what}/`,
      { method: 'POST', headers: ownerHeaders, body: JSON.stringify(body) },
      -1,
    );
    assert.equal(res.status, 201, `POST ${what}/: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const theater = await add('theaters', {
    name: `Failover Screen ${Date.now()}`,
    location: 'Fault tests',
    rows: ROWS,
    seats_per_row: PER_ROW,
  });
  const movie = await add('movies', {
    title: 'The Failover',
    description: 'A primary dies on opening night.',
    duration_minutes: 120,
    language: 'English',
    release_date: '2026-01-01',
    theater: theater.id,
  });
  const addedAt = now();
  const opensAt = addedAt + OPEN_IN_MS;
  const show = await add('shows', {
    movie: movie.id,
    theater: theater.id,
    date: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
    start_time: '18:00',
    end_time: '21:00',
    sales_open_at: new Date(wall0 + opensAt).toISOString(),
    high_demand: true,
  });

  const random = seeded(SEED);
  const lineUrl = `${api}/onsale/${show.id}/line/`;
  const joined = new Set(); // fans whose join was answered 200
  /** @type {{ fan: number, tokenAt: number, start: number, status: number, code: string }[]} */
  const holds = [];
  /** @type {{ bookingId: number, seat: number, fan: number }[]} */
  const acknowledged = [];
  /** @type {string[]} */
  const problems = []; // what a fan would have noticed as wrong
  /** @type {any} */
  let killedAt = null;
  /** @type {number | null} */
  let firstAdmission = null;
  /** @type {number | null} */
  let soldOutAt = null;
  const sale = new AbortController(); // aborted when sold out or at the deadline
  const saleOver = new Promise((resolve) => sale.signal.addEventListener('abort', resolve));
  const deadline = setTimeout(() => sale.abort(), opensAt + SALE_DEADLINE_MS - now());

  const fanHeaders = (/** @type {number} */ i) => ({
    Authorization: `Bearer ${data.fans[i].token}`,
    'Content-Type': 'application/json',
  });
  /** @type {Map<number, number>} */
  const fanOf = new Map(
    data.fans.map((/** @type {any} */ f, /** @type {number} */ i) => [f.id, i]),
  );
  /** The listed fans reload the waiting page: fan -> their place (null: not waiting). */
  const look = async (/** @type {number[]} */ fans) =>
    new Map(
      await Promise.all(
        fans.map(async (i) => {
          const r = await call('look', lineUrl, { headers: fanHeaders(i) }, i);
          const place = r.status === 200 && r.body.status === 'waiting' ? r.body.place : null;
          return /** @type {[number, number | null]} */ ([i, place]);
        }),
      ),
    );

  /** One fan's visit: join, wait, then leave or buy a seat. */
  async function fan(/** @type {number} */ i) {
    const arrival =
      i < EARLY
        ? addedAt + 1000 + (i * 3500) / EARLY
        : opensAt + 500 + ((i - EARLY) * LATE_SPREAD_MS) / (FANS - EARLY);
    await sleep(arrival - now());
    const headers = fanHeaders(i);
    let r = await call('join', lineUrl, { method: 'POST', headers }, i);
    if (r.status !== 200) return problems.push(`fan ${i}: join ${r.status} ${r.body?.code}`);
    joined.add(i);
    while (r.body.status === 'waiting' && !r.body.sold_out) {
      await Promise.race([sleep(r.body.poll_after_seconds * 1000), saleOver]);
      if (sale.signal.aborted) return;
      r = await call('poll', lineUrl, { headers }, i);
      if (r.status !== 200) return problems.push(`fan ${i}: poll ${r.status} ${r.body?.code}`);
    }
    if (r.body.status !== 'admitted') return; // sold out
    const token = r.body.admission_token;
    const tokenAt = r.end;
    firstAdmission ??= tokenAt;
    const leave = () => call('leave', lineUrl, { method: 'DELETE', headers }, i);
    if (i % 3 === 0) {
      await sleep(1000 + random() * 4000);
      await leave();
      return;
    }
    // Half of those admitted before the kill come back to choose after it.
    const slow = killedAt === null && i % 2 === 0;
    await sleep(slow ? 7000 + random() * 3000 : 300 + random() * 1200);
    for (let attempt = 0; attempt < 5; attempt++) {
      const map = await call('seats', `${api}/shows/${show.id}/seats/`, { headers }, i);
      // A free seat the seat rules let one customer take (decision 0045: none that would strand
      // a neighbour), as the seat page offers.
      /** @type {{ id: number, status: string }[]} */
      const free =
        map.status === 200
          ? map.body.filter(
              (/** @type {any} */ s) => s.status === 'available' && allowedAlone(map.body, [s.id]),
            )
          : [];
      const seat = free[Math.floor(random() * free.length)]?.id;
      if (seat === undefined) break;
      const hold = await call(
        'hold',
        `${api}/holds/`,
        {
          method: 'POST',
          headers,
          body: JSON.stringify({ show_id: show.id, seat_ids: [seat], admission_token: token }),
        },
        i,
      );
      const code = hold.body?.code;
      holds.push({ fan: i, tokenAt, start: hold.start, status: hold.status, code });
      if (PICK_AGAIN.has(code) || code === 'seats_recently_held') continue;
      if (hold.status !== 201) return problems.push(`fan ${i}: hold ${hold.status} ${code}`);
      await sleep(300 + random() * 700);
      const paid = await call(
        'confirm',
        `${api}/holds/${hold.body.id}/confirm/`,
        { method: 'POST', headers: { ...headers, 'Idempotency-Key': `onsale-${show.id}-${i}` } },
        i,
      );
      if (paid.status !== 201 && paid.status !== 200) {
        return problems.push(`fan ${i}: confirm ${paid.status} ${paid.body?.code}`);
      }
      for (const ticket of paid.body.tickets ?? []) {
        acknowledged.push({ bookingId: ticket.id, seat, fan: i });
      }
      if (acknowledged.length >= SEATS) {
        soldOutAt = now();
        sale.abort();
      }
      return;
    }
    await leave();
  }

  /** @type {Awaited<ReturnType<typeof lineRows>>} */
  let before = [];
  /** @type {Map<number, number | null>} */
  let placesBefore = new Map();
  let placesAfter = new Map();
  const kill = (async () => {
    while (
      now() < opensAt + KILL_LATEST_MS &&
      (now() < opensAt + KILL_EARLIEST_MS || acknowledged.length < KILL_AFTER_BOOKINGS)
    ) {
      await sleep(100);
    }
    // The line as the primary has it at the last moment, and the places the early fans see
    // when they reload the page (every early key is in every snapshot since the opening).
    before = await lineRows(oldPrimary, show.id);
    const early = before.flatMap((r) => {
      const i = fanOf.get(r.user);
      return i !== undefined && i < EARLY && r.admittedAt === null && !r.left ? [i] : [];
    });
    placesBefore = await look(early);
    assert.ok(oldPrimary.postmasterPid(), 'the primary has a postmaster');
    oldPrimary.killNode(); // the machine is gone
    killedAt = now();
    // They reload once the site writes again, a second later: a snapshot read after the kill.
    while (!Number.isFinite(servedAgainAfter(answers, killedAt, WRITES))) {
      if (now() > killedAt + GIVE_UP_MS) return;
      await sleep(200);
    }
    await sleep(1100);
    placesAfter = await look(early);
  })();
  await Promise.all([kill, ...Array.from({ length: FANS }, (_, i) => fan(i))]);
  clearTimeout(deadline);
  const settled = now();

  const recoveryMs = servedAgainAfter(answers, killedAt, WRITES);
  /** @type {any} */
  const newPrimary = await database.primary();
  assert.notEqual(newPrimary?.name, undefined, 'a primary after the failover');

  // Once nothing moves (no fan left, a second for every snapshot to be read again), each
  // instance tells every waiting fan their place; the line must not change meanwhile.
  /** @type {string[]} */
  let misplaced = [];
  let waitingAtEnd = -1;
  let lineAtEnd = await lineRows(newPrimary, show.id);
  for (let attempt = 0; attempt < 3 && waitingAtEnd < 0; attempt++) {
    await sleep(1100);
    const rows = await lineRows(newPrimary, show.id);
    const waiting = rows.filter((r) => r.admittedAt === null && !r.left);
    const asked = cluster.instances.flatMap((instance) =>
      waiting.map(async (row, rank) => {
        const i = /** @type {number} */ (fanOf.get(row.user));
        const res = await call(
          'check',
          `http://127.0.0.1:${instance.port}/api/onsale/${show.id}/line/`,
          { headers: fanHeaders(i) },
          i,
        );
        const place = res.body?.place;
        return res.status === 200 && place === rank + 1
          ? null
          : `${instance.name}: fan ${i} ${res.status} place ${place}, in the database ${rank + 1}`;
      }),
    );
    misplaced = /** @type {string[]} */ ((await Promise.all(asked)).filter(Boolean));
    lineAtEnd = await lineRows(newPrimary, show.id);
    if (JSON.stringify(lineAtEnd) === JSON.stringify(rows)) waitingAtEnd = waiting.length;
  }

  const afterByUser = new Map(lineAtEnd.map((r) => [r.user, r]));
  const keysChanged = before
    .filter((r) => afterByUser.get(r.user)?.key !== r.key)
    .map((r) => `user ${r.user} ${r.key} -> ${afterByUser.get(r.user)?.key ?? 'no row'}`);
  const rowless = [...joined].filter((i) => !afterByUser.has(data.fans[i].id));
  const firstWaiting = lineAtEnd.findIndex((r) => r.admittedAt === null && !r.left);
  const overtaking =
    firstWaiting < 0 ? [] : lineAtEnd.slice(firstWaiting).filter((r) => r.admittedAt !== null);
  const admittedSince = lineAtEnd.filter(
    (r) => r.admittedAt !== null && r.admittedAt >= wall0 + killedAt,
  ).length;

  // Early fans only: every key ahead of theirs was there before the opening, so what is ahead
  // can only shrink.
  const worse = [];
  let compared = 0;
  for (const [i, was] of placesBefore) {
    const is = placesAfter.get(i);
    if (was === null || is === null || is === undefined) continue;
    compared++;
    if (is > was) worse.push(`fan ${i}: place ${was} -> ${is}`);
  }

  const withOldTokens = holds.filter((h) => h.tokenAt < killedAt && h.start >= killedAt);
  const refused = holds.filter((h) => h.status === 403).map((h) => `fan ${h.fan}: ${h.code}`);
  const present = await liveBookings(newPrimary, show.id);
  const missing = acknowledged.filter((a) => present.get(a.bookingId) !== a.seat);
  const seatsBooked = new Set(present.values());
  const figures = answerFigures(answers);
  const restarted = cluster.instances.filter((instance) => instance.restarts > 0);

  t.diagnostic(
    `first admission ${(((firstAdmission ?? Number.NaN) - opensAt) / 1000).toFixed(1)} s after the opening, sold out at ${(((soldOutAt ?? Number.NaN) - opensAt) / 1000).toFixed(1)} s; killed ${oldPrimary.name} at ${((killedAt - opensAt) / 1000).toFixed(1)} s after the opening with ${before.length} in line; new primary ${newPrimary.name}; writes served again ${(recoveryMs / 1000).toFixed(1)} s after the kill; sale settled ${((settled - opensAt) / 1000).toFixed(1)} s after the opening`,
  );
  t.diagnostic(
    `joined ${joined.size}, admitted ${lineAtEnd.filter((r) => r.admittedAt !== null).length} (${admittedSince} after the kill), waiting at the end ${waitingAtEnd}; places compared across the kill ${compared}; holds with a token from before the kill ${withOldTokens.length} (${withOldTokens.filter((h) => h.status === 201).length} held)`,
  );
  t.diagnostic(
    `paid bookings ${acknowledged.length}, present ${acknowledged.length - missing.length}; live ${present.size} on ${seatsBooked.size} seats; instances restarted: ${restarted.map((i) => i.name).join(', ') || 'none'}`,
  );
  t.diagnostic(figures.summary);

  assert.notEqual(newPrimary.name, oldPrimary.name, 'the secondary was promoted');
  assert.ok(recoveryMs <= RECOVERY_TARGET_MS, `writes served again after ${recoveryMs} ms`);
  assert.deepEqual(problems, [], 'no fan lost their place or was refused a turn');
  assert.deepEqual(rowless, [], 'every fan who joined has their row');
  assert.deepEqual(keysChanged, [], 'the line’s order is the one before the kill');
  assert.deepEqual(overtaking, [], 'nobody was admitted behind a fan still waiting');
  assert.ok(admittedSince > 0, 'the line admitted fans after the failover');
  assert.deepEqual(worse, [], 'no place told after recovery is worse than before the kill');
  assert.ok(compared >= 20, `places compared across the kill: ${compared}`);
  assert.deepEqual(refused, [], 'every admission token was honoured');
  assert.ok(
    withOldTokens.some((h) => h.status === 201),
    'a token issued before the kill took seats on the new primary',
  );
  assert.deepEqual(missing, [], 'every paid booking is in the database');
  assert.equal(seatsBooked.size, present.size, 'no seat booked twice');
  assert.deepEqual(figures.bad, [], 'no 5xx but 503 with Retry-After');
  assert.equal(figures.noAnswer, 0, 'every request got an answer');
  assert.ok(waitingAtEnd >= 0, 'the line kept still for the places check');
  assert.deepEqual(misplaced, [], 'each instance tells the places of the database’s order');
  assert.ok(waitingAtEnd > 0, 'fans still waiting at the end to check');
});
