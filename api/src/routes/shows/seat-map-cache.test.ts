import assert from 'node:assert/strict';
import {
  buildSnapshot,
  etagMatches,
  SeatMapCache,
  type SeatRow,
  seatMapBody,
  seatMapETag,
} from './seat-map-cache.ts';

const NOW = new Date('2026-03-01T10:00:00Z');
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
const head = (id: number, label: string) =>
  `{"id":${id},"row":"${label[0]}","column":${label.slice(1)},"label":"${label}"`;

// A1 booked by user 7 ('ana'), A2 held by user 8 until +10 min, A3 held by 7 until +5, A4 free.
const rows: SeatRow[] = [
  [head(1, 'A1'), 7, '"ana"', null, null, false],
  [head(2, 'A2'), null, null, 8, at(10).getTime(), false],
  [head(3, 'A3'), null, null, 7, at(5).getTime(), false],
  [head(4, 'A4'), null, null, null, null, false],
];

Deno.test('a snapshot answers each caller with their own seats and, for bookers’ viewers, names', () => {
  const s = buildSnapshot(1, 3, rows, NOW);
  const text = (viewer: { userId: number; seesBookers: boolean }) => {
    return new TextDecoder().decode(seatMapBody(s, viewer).identity);
  };
  const statuses = (viewer: { userId: number; seesBookers: boolean }) =>
    JSON.parse(text(viewer)).map((seat: { status: string; booked_by: string | null }) => [
      seat.status,
      seat.booked_by,
    ]);
  assert.deepEqual(statuses({ userId: 99, seesBookers: false }), [
    ['booked', null],
    ['held', null],
    ['held', null],
    ['available', null],
  ]);
  assert.deepEqual(statuses({ userId: 7, seesBookers: false }), [
    ['mine', null],
    ['held', null],
    ['my_hold', null],
    ['available', null],
  ]);
  assert.deepEqual(statuses({ userId: 1, seesBookers: true }), [
    ['booked', 'ana'],
    ['held', null],
    ['held', null],
    ['available', null],
  ]);
  assert.equal(s.nextExpiry, at(5).getTime());
});

Deno.test('the ETag differs between answers that differ, and is the same for the same answer', () => {
  const s = buildSnapshot(1, 3, rows, NOW);
  const customer = seatMapETag(s, { userId: 99, seesBookers: false });
  assert.equal(customer, seatMapETag(s, { userId: 98, seesBookers: false }), 'no seats: same map');
  assert.notEqual(customer, seatMapETag(s, { userId: 7, seesBookers: false }));
  assert.notEqual(customer, seatMapETag(s, { userId: 99, seesBookers: true }));
  assert.notEqual(
    customer,
    seatMapETag(buildSnapshot(1, 4, rows, NOW), { userId: 99, seesBookers: false }),
  );
  // Rebuilt after A3's hold lapsed (the rebuild no longer reads it): another tag.
  const later = buildSnapshot(
    1,
    3,
    [rows[0], rows[1], [head(3, 'A3'), null, null, null, null], rows[3]] as SeatRow[],
    at(6),
  );
  assert.notEqual(customer, seatMapETag(later, { userId: 99, seesBookers: false }));
  // Another instance building the same version at another moment before the lapse: same tag.
  assert.equal(
    customer,
    seatMapETag(buildSnapshot(1, 3, rows, at(1)), { userId: 99, seesBookers: false }),
  );
});

Deno.test('If-None-Match compares weakly, takes lists and *', () => {
  const tag = 'W/"3.abc.p.0"';
  assert.equal(etagMatches(undefined, tag), false);
  assert.equal(etagMatches('', tag), false);
  assert.equal(etagMatches(tag, tag), true);
  assert.equal(etagMatches('"3.abc.p.0"', tag), true);
  assert.equal(etagMatches('"x", W/"3.abc.p.0"', tag), true);
  assert.equal(etagMatches('*', tag), true);
  assert.equal(etagMatches('W/"3.abc.p.1"', tag), false);
});

Deno.test('a snapshot is used until its first hold lapses or the clock goes back', () => {
  const cache = new SeatMapCache(10);
  cache.store(buildSnapshot(1, 3, rows, NOW));
  assert.equal(cache.usable(1, at(4))?.version, 3);
  assert.equal(cache.usable(1, at(5)), undefined, 'A3’s hold lapsed');
  assert.equal(cache.usable(1, at(-1)), undefined);
  assert.equal(cache.usable(2, NOW), undefined);
});

Deno.test('the cache never goes back to an older version and keeps at most its bound of shows', () => {
  const cache = new SeatMapCache(3);
  cache.store(buildSnapshot(1, 5, rows, NOW));
  cache.store(buildSnapshot(1, 4, rows, NOW)); // a slower request that read before the write
  assert.equal(cache.usable(1, NOW)?.version, 5);
  for (const show of [2, 3]) cache.store(buildSnapshot(show, 1, rows, NOW));
  assert.ok(cache.usable(1, NOW), 'show 1 used last: kept');
  cache.store(buildSnapshot(4, 1, rows, NOW));
  assert.equal(cache.size, 3);
  assert.equal(cache.usable(2, NOW), undefined, 'the least recently used went');
  assert.ok(cache.usable(1, NOW) && cache.usable(3, NOW) && cache.usable(4, NOW));
});
