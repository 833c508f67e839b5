// A snapshot kept current from the changes the hub hears (seat-map-cache.ts heard, applyChange):
// the map after a change is the map read after it, for its holder, its booker and everyone else;
// a change that cannot be applied leaves the snapshot behind, never wrong.
import assert from 'node:assert/strict';
import type { CompressibleBody } from '../../http/compression.ts';
import type { SeatNotification } from '../../live/hub.ts';
import {
  buildSnapshot,
  SeatMapCache,
  type SeatRow,
  seatMapBody,
  seatMapETag,
} from './seat-map-cache.ts';

const NOW = new Date('2026-03-01T10:00:00Z');
const at = (minutes: number) => NOW.getTime() + minutes * 60_000;
const head = (id: number, label: string) =>
  `{"id":${id},"row":"${label[0]}","column":${label.slice(1)},"label":"${label}"`;
const read = { ownerId: 1, epoch: 1 };
const text = (body: CompressibleBody) => new TextDecoder().decode(body.identity);

// Version 4: A1 booked by 7 ('ana'), A2 held by 8 until +10 min, A3 free.
const v4: SeatRow[] = [
  [head(11, 'A1'), 7, '"ana"', null, null, false],
  [head(12, 'A2'), null, null, 8, at(10), false],
  [head(13, 'A3'), null, null, null, null, false],
];
// Version 5, as the database would read it: 8 booked A2 ('bé "b"'), 7 holds A3 until +5 min,
// A1 checked in.
const v5: SeatRow[] = [
  [head(11, 'A1'), 7, '"ana"', null, null, true],
  [head(12, 'A2'), 8, '"bé \\"b\\""', null, null, false],
  [head(13, 'A3'), null, null, 7, at(5), false],
];
const change: SeatNotification = {
  id: 90,
  show: 3,
  version: 5,
  seats: [
    { id: 11, status: 'booked', booked_by: 'ana', checked_in: true },
    { id: 12, status: 'booked', booked_by: 'bé "b"', checked_in: false },
    { id: 13, status: 'held', booked_by: null, checked_in: false },
  ],
  owners: [
    [11, 7, null],
    [12, 8, null],
    [13, 7, at(5)],
  ],
  next_expiry: null,
};

Deno.test('a change heard right after the snapshot’s version gives, for every caller, the map read after it', () => {
  const cache = new SeatMapCache();
  cache.store(buildSnapshot(3, 4, v4, NOW, read));
  cache.heard(change);
  const applied = cache.current(3, NOW, 1);
  assert.ok(applied, 'current without a read');
  const reread = buildSnapshot(3, 5, v5, NOW, read);
  for (const userId of [7, 8, 9, 1]) {
    for (const seesBookers of [false, true]) {
      const viewer = { userId, seesBookers };
      assert.equal(text(seatMapBody(applied, viewer)), text(seatMapBody(reread, viewer)));
      assert.equal(seatMapETag(applied, viewer), seatMapETag(reread, viewer));
    }
  }
});

Deno.test('a snapshot that missed a change, or got one without owners, is not current', () => {
  const cache = new SeatMapCache();
  cache.store(buildSnapshot(3, 4, v4, NOW, read));
  cache.heard({ ...change, version: 6 }); // 5 was never heard
  assert.equal(cache.current(3, NOW, 1), undefined);
  assert.ok(cache.usable(3, NOW), 'still there for a read to confirm or replace');

  const big = new SeatMapCache();
  big.store(buildSnapshot(3, 4, v4, NOW, read));
  big.heard({ ...change, seats: null, owners: null });
  assert.equal(big.current(3, NOW, 1), undefined);
});

Deno.test('a snapshot read in another epoch of listening, or after its first hold lapsed, is not current', () => {
  const cache = new SeatMapCache();
  cache.store(buildSnapshot(3, 4, v4, NOW, read));
  assert.ok(cache.current(3, NOW, 1));
  assert.equal(cache.current(3, NOW, 2), undefined);
  assert.equal(cache.current(3, new Date(at(10)), 1), undefined);
  cache.reset();
  assert.equal(cache.usable(3, NOW), undefined);
});

Deno.test('a duplicate scan heard (checked_in and duplicate) gives the map read after it: duplicate only for who sees bookers, only where true', () => {
  const cache = new SeatMapCache();
  cache.store(buildSnapshot(3, 5, v5, NOW, read));
  cache.heard({
    id: 91,
    show: 3,
    version: 6,
    seats: [{ id: 11, status: 'booked', booked_by: 'ana', checked_in: true, duplicate: true }],
    owners: [[11, 7, null]],
    next_expiry: null,
  });
  const applied = cache.current(3, NOW, 1);
  assert.ok(applied, 'current without a read');
  // As the database reads it (routes/shows/seat-map-sql.ts readSeatMap): 2 for checked in with a duplicate.
  const v6: SeatRow[] = v5.map((row, i) => (i === 0 ? ([...row.slice(0, 5), 2] as SeatRow) : row));
  const reread = buildSnapshot(3, 6, v6, NOW, read);
  for (const seesBookers of [false, true]) {
    const viewer = { userId: 9, seesBookers };
    assert.equal(text(seatMapBody(applied, viewer)), text(seatMapBody(reread, viewer)));
  }
  const seats = JSON.parse(text(seatMapBody(applied, { userId: 9, seesBookers: true })));
  assert.deepEqual(
    seats.map((s: { duplicate?: boolean }) => s.duplicate ?? null),
    [true, null, null],
  );
  const forPublic = text(seatMapBody(applied, { userId: 9, seesBookers: false }));
  assert.ok(!forPublic.includes('duplicate'));
});
