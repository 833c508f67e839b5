// The seat map answered from a snapshot in memory (seat-map-cache.ts): byte for byte what
// PostgreSQL writes, ETag and 304 per caller, and a write through one instance seen by the next
// read through another.
import assert from 'node:assert/strict';
import { COMPRESS_MIN_BYTES } from '../../http/compression.ts';
import { testClock } from '../../testing/app.ts';
import { type Account, type BookingTestApp, createBookingTestApp } from '../../testing/booking.ts';
import { BROWSER_ACCEPT_ENCODING, decodedText } from '../../testing/compressed.ts';
import { createTestDb, secondPool } from '../../testing/db.ts';
import { byLabel } from './get-show-seats.testing.ts';
import { seatMapCache } from './seat-map-cache.ts';

// The seat map as PostgreSQL wrote it before snapshots (one statement per request, no cache): the
// answers from memory must be exactly this text.
async function referenceMap(
  db: BookingTestApp['db'],
  showId: number,
  userId: number,
  now: Date,
): Promise<string> {
  const [row] = await db.query<{ seats: string }>`
    WITH viewer AS (SELECT u.id, u.role = 'admin' AS is_admin FROM users u WHERE u.id = ${userId})
    SELECT '[' || string_agg(
             se.json_head || ',"row_pos":' || se.row_pos || ',"x":' || se.x
               || ',"kind":"' || se.kind || '","category":"' || se.category || '","price":'
               || se.price || ',"partner_x":' || coalesce(se.partner_x::text, 'null')
               || CASE WHEN b.user_id = v.id THEN ',"status":"mine","is_booked":true'
                       WHEN b.id IS NOT NULL THEN ',"status":"booked","is_booked":true'
                       WHEN se.held_until > ${now} AND se.held_by = v.id
                         THEN ',"status":"my_hold","is_booked":false'
                       WHEN se.held_until > ${now} THEN ',"status":"held","is_booked":false'
                       ELSE ',"status":"available","is_booked":false' END
               || ',"booked_by":'
               || coalesce(CASE WHEN b.id IS NOT NULL AND (v.is_admin OR t.owner_id = v.id)
                                THEN (SELECT to_json(u.username)::text FROM users u
                                       WHERE u.id = b.user_id) END, 'null')
               || CASE WHEN v.is_admin OR t.owner_id = v.id
                       THEN ',"checked_in":' || (b.checked_in_at IS NOT NULL)::text ELSE '' END
               || '}',
             ',' ORDER BY se.row_label, se.col) || ']' AS seats
      FROM viewer v
      JOIN shows sh ON sh.id = ${showId}
      JOIN theaters t ON t.id = sh.theater_id
      JOIN seats se ON se.show_id = sh.id
      LEFT JOIN bookings b ON b.seat_id = se.id AND b.show_id = sh.id AND NOT b.is_cancelled`;
  return row?.seats ?? '';
}

Deno.test('the seat map from memory is, byte for byte, the map PostgreSQL wrote, for every viewer after every change', async () => {
  await using t = await createBookingTestApp();
  const { owner, customer, show } = await t.scenario({ rows: 3, seatsPerRow: 4 });
  const [bea, carl] = await t.customers(2);
  const admin = await t.account('root', 'admin');
  assert.ok(bea && carl);
  const s = show.seat;
  const map = `/api/shows/${show.id}/seats/`;
  const viewers = [customer, bea, carl, owner, admin];
  const same = async (step: string) => {
    // Each viewer twice: the first read after a change rebuilds the snapshot, the second is
    // answered from it.
    for (const viewer of [...viewers, ...viewers]) {
      const res = await t.get(map, viewer.token);
      assert.equal(res.status, 200);
      assert.equal(
        await res.text(),
        await referenceMap(t.db, show.id, viewer.id, t.clock()),
        `${step}, as ${viewer.username}`,
      );
    }
    const snapshot = seatMapCache(t.db).usable(show.id, t.clock());
    const [row] = await t.db.query<{ v: number }>`
      SELECT seats_version AS v FROM shows WHERE id = ${show.id}`;
    assert.equal(snapshot?.version, row?.v, `${step}: the snapshot is the current version`);
  };

  await same('nothing yet');
  const anaHold = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [s('A1'), s('A2')] },
    customer.token,
  );
  assert.equal(anaHold.status, 201);
  await same('Ana holds A1 and A2');
  const beaPaid = await (await t.holdAndPay(bea, show.id, [s('B1'), s('B2')])).json();
  await same('Bea booked B1 and B2');
  assert.equal(
    (await t.post('/api/holds/', { show_id: show.id, seat_ids: [s('C4')] }, carl.token)).status,
    201,
  );
  await same('Carl holds C4');
  const anaPaid = await t.post(
    `/api/holds/${(await anaHold.json()).id}/confirm/`,
    undefined,
    customer.token,
    {
      'Idempotency-Key': 'ana-pays',
    },
  );
  assert.equal(anaPaid.status, 201);
  await same('Ana paid for A1 and A2');
  const cancel = await t.request('PATCH', `/api/bookings/${beaPaid.tickets[0].id}/cancel/`, {
    token: bea.token,
  });
  assert.equal(cancel.status, 200);
  await same('Bea cancelled B1');
  t.clock.advance(10 * 60_000);
  await same('Carl’s hold lapsed, nothing written');
  await t.db.query`UPDATE users SET role = 'admin' WHERE id = ${carl.id}`;
  await same('Carl became an admin');
});

Deno.test('ETag and If-None-Match: a 304 without a body until the caller’s answer changes', async () => {
  await using t = await createBookingTestApp();
  const { owner, customer, show } = await t.scenario({ rows: 2, seatsPerRow: 3 });
  const [bea] = await t.customers(1, 'bea');
  assert.ok(bea);
  const s = show.seat;
  const map = `/api/shows/${show.id}/seats/`;
  const read = async (who: Account, etag?: string) => {
    const res = await t.request('GET', map, {
      token: who.token,
      headers: etag ? { 'If-None-Match': etag } : {},
    });
    const text = await res.text();
    return {
      status: res.status,
      etag: res.headers.get('ETag') ?? '',
      cacheControl: res.headers.get('Cache-Control'),
      text,
      seats: res.status === 200 ? byLabel(JSON.parse(text)) : {},
    };
  };

  const first = await read(customer);
  assert.equal(first.status, 200);
  assert.match(first.etag, /^W\/".+"$/);
  assert.equal(first.cacheControl, 'private, no-cache');
  const again = await read(customer, first.etag);
  assert.deepEqual([again.status, again.text, again.etag], [304, '', first.etag]);
  // Any tag of a list, weak or strong, and `*`.
  assert.equal((await read(customer, `"x", ${first.etag.slice(2)}`)).status, 304);
  assert.equal((await read(customer, '*')).status, 304);
  assert.equal((await read(customer, 'W/"something-else"')).status, 200);
  // The owner's answer names bookers: never the customer's tag.
  const owners = await read(owner);
  assert.notEqual(owners.etag, first.etag);
  assert.equal((await read(owner, first.etag)).status, 200);

  // Someone else holds a seat: a new answer.
  assert.equal(
    (await t.post('/api/holds/', { show_id: show.id, seat_ids: [s('A1')] }, bea.token)).status,
    201,
  );
  const afterBea = await read(customer, first.etag);
  assert.equal(afterBea.status, 200);
  assert.notEqual(afterBea.etag, first.etag);
  assert.equal(afterBea.seats.A1?.status, 'held');
  assert.equal((await read(customer, afterBea.etag)).status, 304);

  // My own hold: a new answer for me, and my tag is not Bea's.
  assert.equal(
    (await t.post('/api/holds/', { show_id: show.id, seat_ids: [s('B2')] }, customer.token)).status,
    201,
  );
  const afterMine = await read(customer, afterBea.etag);
  assert.equal(afterMine.status, 200);
  assert.equal(afterMine.seats.B2?.status, 'my_hold');
  const beas = await read(bea);
  assert.equal(beas.seats.B2?.status, 'held');
  assert.notEqual(beas.etag, afterMine.etag);
  assert.equal((await read(bea, afterMine.etag)).status, 200);
  assert.equal((await read(customer, afterMine.etag)).status, 304);

  // Both holds lapse: nothing is written, yet the answer and its tag change.
  t.clock.advance(10 * 60_000);
  const lapsed = await read(customer, afterMine.etag);
  assert.equal(lapsed.status, 200);
  assert.notEqual(lapsed.etag, afterMine.etag);
  assert.deepEqual([lapsed.seats.A1?.status, lapsed.seats.B2?.status], ['available', 'available']);
  assert.equal((await read(customer, lapsed.etag)).status, 304);

  // A 304 is still an authenticated answer: a logged-out session gets a 401, tag or not.
  await t.db.query`UPDATE sessions SET revoked_at = ${t.clock()} WHERE user_id = ${customer.id}`;
  const gone = await read(customer, lapsed.etag);
  assert.equal(gone.status, 401);
  assert.equal(JSON.parse(gone.text).code, 'token_not_valid');
});

Deno.test('a browser gets the map compressed as it asks, the same text once decoded, for every viewer', async () => {
  await using t = await createBookingTestApp();
  const { owner, customer, show } = await t.scenario({ rows: 3, seatsPerRow: 4 });
  const [bea] = await t.customers(1, 'bea');
  const admin = await t.account('root', 'admin');
  assert.ok(bea);
  const hold = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [show.seat('A1')] },
    customer.token,
  );
  assert.equal(hold.status, 201);
  const map = `/api/shows/${show.id}/seats/`;
  const read = (who: Account, headers: Record<string, string>) =>
    t.request('GET', map, { token: who.token, headers });

  // Each viewer kind: the holder (their own answer), another customer (the shared public answer),
  // the owner and an admin (the shared answer with bookers' names). Twice each: the second read
  // is answered from the snapshot, whose compressed bytes are kept.
  for (const viewer of [customer, bea, owner, admin, customer, bea, owner, admin]) {
    const plain = await read(viewer, {});
    assert.equal(plain.headers.get('Content-Encoding'), null);
    assert.match(plain.headers.get('Vary') ?? '', /Accept-Encoding/);
    const text = await plain.text();
    assert.ok(text.length > COMPRESS_MIN_BYTES, 'a map big enough to compress');
    for (const [accept, encoding] of [
      [BROWSER_ACCEPT_ENCODING, 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0, gzip;q=0', null],
      ['identity', null],
    ] as const) {
      const res = await read(viewer, { 'Accept-Encoding': accept });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('Content-Encoding'), encoding, `${viewer.username}: ${accept}`);
      assert.match(res.headers.get('Vary') ?? '', /Accept-Encoding/);
      assert.equal(res.headers.get('ETag'), plain.headers.get('ETag'));
      assert.equal(await decodedText(res), text, `${viewer.username}: ${accept}, decoded`);
    }
    // A revalidation says the answer varies by coding too.
    const etag = plain.headers.get('ETag') ?? '';
    const again = await read(viewer, { 'If-None-Match': etag, 'Accept-Encoding': 'br' });
    assert.equal(again.status, 304);
    assert.match(again.headers.get('Vary') ?? '', /Accept-Encoding/);
  }
  // Errors are small JSON, as they were.
  const missing = await t.request('GET', '/api/shows/999999/seats/', {
    token: bea.token,
    headers: { 'Accept-Encoding': BROWSER_ACCEPT_ENCODING },
  });
  assert.equal(missing.status, 404);
  assert.equal(missing.headers.get('Content-Encoding'), null);
});

Deno.test('a hold written through instance A is in the very next seat map read through instance B', async () => {
  await using base = await createTestDb();
  await using second = secondPool(base);
  const clock = testClock();
  await using a = await createBookingTestApp({ db: base.db, clock });
  await using b = await createBookingTestApp({
    db: second.db,
    clock,
    config: { jwtSecret: a.config.jwtSecret },
  });
  const { customer, owner, show } = await a.scenario({ rows: 2, seatsPerRow: 3 });
  const [bea] = await a.customers(1, 'bea');
  assert.ok(bea);
  const s = show.seat;
  const map = `/api/shows/${show.id}/seats/`;
  const readB = async (who: Account, etag = '') => {
    const res = await b.request('GET', map, {
      token: who.token,
      headers: { 'If-None-Match': etag },
    });
    const text = await res.text();
    return {
      status: res.status,
      etag: res.headers.get('ETag') ?? '',
      seats: text ? byLabel(JSON.parse(text)) : {},
    };
  };
  // B has the map in memory, at the version before the write.
  const before = await readB(bea);
  assert.equal(before.seats.A1?.status, 'available');
  assert.equal((await readB(bea, before.etag)).status, 304);
  const ownersBefore = await readB(owner);

  const hold = await a.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [s('A1')] },
    customer.token,
  );
  assert.equal(hold.status, 201);
  const held = await readB(bea, before.etag);
  assert.equal(held.status, 200, 'not a 304 from B’s old snapshot');
  assert.equal(held.seats.A1?.status, 'held');
  assert.equal((await readB(customer)).seats.A1?.status, 'my_hold');

  const paid = await a.post(
    `/api/holds/${(await hold.json()).id}/confirm/`,
    undefined,
    customer.token,
    {
      'Idempotency-Key': 'k1',
    },
  );
  assert.equal(paid.status, 201);
  assert.equal((await readB(bea, held.etag)).seats.A1?.status, 'booked');
  const ownerAfter = await readB(owner, ownersBefore.etag);
  assert.deepEqual([ownerAfter.status, ownerAfter.seats.A1?.booked_by], [200, 'ana']);

  const ticket = (await paid.json()).tickets[0].id;
  const cancel = await a.request('PATCH', `/api/bookings/${ticket}/cancel/`, {
    token: customer.token,
  });
  assert.equal(cancel.status, 200);
  assert.equal((await readB(bea)).seats.A1?.status, 'available');
});
