// The on-sale bench's arithmetic (bench/onsale-stats.mjs) and its flag (bench/args.mjs): what the
// verdicts of `npm run bench -- --onsale` rest on.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseBenchArgs } from './args.mjs';
import {
  arrivalSchedule,
  onsaleTargets,
  outOfOrder,
  pickSeats,
  seatsWanted,
  seeded,
  showBatches,
  statementsTable,
  statusesByKind,
  turnsOf,
} from './onsale-stats.mjs';

describe('fairness: turnsOf and outOfOrder', () => {
  test('fans whose turns follow their arrival make no out-of-order pair', () => {
    const turns = [
      { arrival: 1, turn: 10 },
      { arrival: 2, turn: 11 },
      { arrival: 3, turn: 12 },
    ];
    assert.deepEqual(outOfOrder(turns), { pairs: 3, outOfOrder: 0, share: 0 });
  });

  test('a later fan with an earlier turn is one pair out of order, in any input order', () => {
    const result = outOfOrder([
      { arrival: 3, turn: 12 },
      { arrival: 1, turn: 11 },
      { arrival: 2, turn: 10 },
    ]);
    assert.equal(result.pairs, 3);
    assert.equal(result.outOfOrder, 1);
    assert.equal(result.share, 1 / 3);
  });

  test('one batch admitted together is in order; arriving at the same instant is no pair', () => {
    assert.deepEqual(
      outOfOrder([
        { arrival: 1, turn: 10 },
        { arrival: 2, turn: 10 },
      ]),
      { pairs: 1, outOfOrder: 0, share: 0 },
    );
    const same = outOfOrder([
      { arrival: 1, turn: 11 },
      { arrival: 1, turn: 10 },
    ]);
    assert.equal(same.pairs, 0);
    assert.ok(Number.isNaN(same.share));
  });

  test('with a least gap, only pairs that arrived that far apart count', () => {
    const turns = [
      { arrival: 0, turn: 2 },
      { arrival: 100, turn: 1 },
      { arrival: 2000, turn: 3 },
    ];
    assert.deepEqual(outOfOrder(turns), { pairs: 3, outOfOrder: 1, share: 1 / 3 });
    assert.deepEqual(outOfOrder(turns, 1000), { pairs: 2, outOfOrder: 0, share: 0 });
  });

  test('turns: the admitted by admission (a batch shares one), then the waiting in line order', () => {
    const rows = [
      { a: null, k: 5, s: 4 },
      { a: 2000, k: 9, s: 1 },
      { a: 1000, k: 8, s: 2 },
      { a: null, k: 3, s: 6 },
      { a: 2000, k: 1, s: 3 },
      { a: null, k: 3, s: 5 },
    ];
    const turns = turnsOf(rows);
    assert.equal(turns[2], 1000);
    assert.equal(turns[1], 2000);
    assert.equal(turns[4], 2000);
    // Waiting after every admitted, by sort key then seq: (3,5), (3,6), (5,4).
    assert.deepEqual([turns[5], turns[3], turns[0]], [2001, 2002, 2003]);
  });

  test('an earlier fan still waiting behind a later one who was admitted is out of order', () => {
    const turns = turnsOf([
      { a: null, k: 1, s: 1 },
      { a: 5000, k: 2, s: 2 },
    ]);
    const result = outOfOrder([
      { arrival: 1, turn: /** @type {number} */ (turns[0]) },
      { arrival: 2, turn: /** @type {number} */ (turns[1]) },
    ]);
    assert.deepEqual(result, { pairs: 1, outOfOrder: 1, share: 1 });
  });
});

describe('arrivalSchedule', () => {
  test('is ascending, within the spread, the same for the same seed', () => {
    const shape = { spreadMs: 10_000, openAtMs: 2500, rush: 1 / 3 };
    const a = arrivalSchedule(1000, { ...shape, random: seeded(7) });
    const b = arrivalSchedule(1000, { ...shape, random: seeded(7) });
    assert.deepEqual(a, b);
    assert.equal(a.length, 1000);
    assert.ok(a.every((t, i) => t >= 0 && t <= 10_000 && (i === 0 || t >= (a[i - 1] ?? 0))));
  });

  test('some fans come before the opening, and the rush lands in the second after it', () => {
    const at = arrivalSchedule(3000, {
      spreadMs: 10_000,
      openAtMs: 2500,
      rush: 1 / 3,
      random: seeded(1),
    });
    const before = at.filter((t) => t < 2500).length;
    const rushSecond = at.filter((t) => t >= 2500 && t < 3500).length;
    // Uniform alone: 25 % before, 10 % in that second; the rush adds a third of the crowd.
    assert.ok(before > 0.12 * 3000 && before < 0.22 * 3000, `before: ${before}`);
    assert.ok(rushSecond > 0.35 * 3000, `in the second after the opening: ${rushSecond}`);
  });
});

describe('a fan’s choice of seats', () => {
  const row = (label, from, statuses) =>
    statuses.map((status, k) => ({ id: from + k, row: label, column: k + 1, status }));

  test('wants 1 to 4 seats, twos most often', () => {
    const random = seeded(3);
    const wants = Array.from({ length: 1000 }, () => seatsWanted(random()));
    assert.ok(wants.every((n) => n >= 1 && n <= 4));
    const twos = wants.filter((n) => n === 2).length;
    assert.ok([1, 3, 4].every((n) => wants.filter((w) => w === n).length < twos));
  });

  test('picks free seats side by side in one row, never across a taken seat or a row end', () => {
    const map = [
      ...row('A', 1, ['available', 'booked', 'available', 'available']),
      ...row('B', 5, ['available', 'held', 'available', 'available']),
    ];
    for (const r of [0, 0.5, 0.99]) {
      const seats = pickSeats(map, 2, r);
      assert.ok(
        [
          [3, 4],
          [7, 8],
        ].some((pair) => pair.join() === seats.join()),
        `picked ${seats}`,
      );
    }
  });

  test('takes what is free when no row has enough side by side, and nothing when sold out', () => {
    const map = [
      ...row('A', 1, ['available', 'booked', 'available']),
      ...row('B', 4, ['booked', 'booked', 'available']),
    ];
    assert.deepEqual(pickSeats(map, 3, 0.5), [1, 3, 6]);
    assert.deepEqual(pickSeats(map, 4, 0.5), [1, 3, 6]);
    assert.deepEqual(pickSeats(row('A', 1, ['booked', 'mine', 'my_hold']), 1, 0), []);
  });
});

describe('the on-sale targets', () => {
  const good = {
    fans: 3,
    spreadMs: 10_000,
    openAtMs: 2500,
    seats: 120,
    answers: [
      { kind: 'POST line', status: 200 },
      { kind: 'POST line', status: 200 },
      { kind: 'POST line', status: 200 },
      { kind: 'POST holds', status: 409 },
    ],
    firstAnswerMs: [100, 200, 300],
    verified: { sold: 120, seats: 120, twice: 0, buyers: 50, most: 4, over: 0, limit: 10 },
    fairness: { pairs: 100, outOfOrder: 0, share: 0 },
    fairnessServer: { pairs: 100, outOfOrder: 0, share: 0 },
    fairnessApart: { pairs: 100, outOfOrder: 0, share: 0 },
    admitted: 200,
    admittedPerSecond: 10,
    largestBatch: 140,
    batches: [{ atMs: 5, fans: 140 }],
    leavesAfterAdmission: [],
    soldOutAtMs: 12_000,
    outcomes: { bought: 50 },
    memory: [],
    cpu: [],
    statements: [],
    instances: 2,
    seconds: 30,
  };
  const missed = (run) =>
    onsaleTargets(run)
      .filter(([, ok]) => !ok)
      .map(([name]) => name.split(' (')[0]);

  test('a clean on-sale meets every target (a 409 is an answer, not a failure)', () => {
    assert.deepEqual(missed(good), []);
  });

  test('a 5xx, a request with no answer, a slow first answer each miss their target', () => {
    assert.deepEqual(
      missed({ ...good, answers: [...good.answers, { kind: 'GET line', status: 503 }] }),
      ['no 5xx and no failed request'],
    );
    assert.deepEqual(missed({ ...good, answers: [{ kind: 'GET seats', status: 0 }] }), [
      'no 5xx and no failed request',
    ]);
    assert.deepEqual(missed({ ...good, firstAnswerMs: [100, 200, 1000] }), [
      'time to the first answer p99 < 1 s',
    ]);
    // A fan who never got a first answer cannot be under the second.
    assert.deepEqual(missed({ ...good, firstAnswerMs: [100, 200] }), [
      'time to the first answer p99 < 1 s',
    ]);
  });

  test('a seat sold twice, one short, an account over its limit, or unfair order miss', () => {
    const v = good.verified;
    assert.equal(missed({ ...good, verified: { ...v, seats: 119, twice: 1 } }).length, 1);
    assert.equal(missed({ ...good, verified: { ...v, sold: 119, seats: 119 } }).length, 1);
    assert.deepEqual(missed({ ...good, verified: { ...v, over: 1 } }), [
      'no account over its limit of 10 seats',
    ]);
    assert.deepEqual(missed({ ...good, fairness: { pairs: 100, outOfOrder: 1, share: 0.01 } }), [
      'admitted in arrival order: out-of-order pairs < 1 %',
    ]);
  });

  test('answers are counted per kind and status', () => {
    assert.deepEqual(statusesByKind(good.answers), {
      'POST line': { 200: 3 },
      'POST holds': { 409: 1 },
    });
  });
});

test('--onsale runs through the cluster, two instances unless told', () => {
  assert.equal(parseBenchArgs(['--onsale'], {}).onsale, true);
  assert.equal(parseBenchArgs(['--onsale'], {}).cluster, true);
  assert.equal(parseBenchArgs(['--onsale'], {}).instances, 2);
  assert.equal(parseBenchArgs(['--onsale', '--instances', '3'], {}).instances, 3);
  assert.equal(parseBenchArgs(['--cluster'], {}).onsale, false);
  assert.deepEqual(
    parseBenchArgs(['--onsale'], { BENCH_FANS: '1000', BENCH_OPEN_AT_MS: 'soon' }).crowd,
    { fans: 1000, spreadMs: 10_000, openAtMs: 2500, afterSoldOutMs: 15_000 },
  );
});

test('the database’s busiest statements: shortened, pipes escaped, or a note without them', () => {
  const [header, , first] = statementsTable([
    {
      calls: 12345,
      total_ms: 61_500,
      mean_ms: 4.98,
      rows: 1,
      query: `SELECT a || b FROM t${' x'.repeat(60)}`,
    },
  ]);
  assert.match(String(header), /busiest statements/);
  assert.match(String(first), /^\| `SELECT a \\\|\\\| b FROM t x/);
  assert.match(String(first), /\.\.\.` \| 12,345 \| 4\.98 ms \| 61\.5 s \|$/);
  assert.deepEqual(statementsTable([]), [
    '(no pg_stat_statements: no breakdown of the database time)',
  ]);
});

test('admission batches read in time order, the first six and how many more', () => {
  assert.equal(showBatches([]), 'none');
  assert.equal(
    showBatches([
      { atMs: 31_240, fans: 5 },
      { atMs: 12, fans: 140 },
    ]),
    '0.0: 140, 31.2: 5',
  );
  const many = Array.from({ length: 8 }, (_, i) => ({ atMs: i * 1000, fans: 1 }));
  assert.match(showBatches(many), /^0\.0: 1, .*5\.0: 1, and 2 more$/);
});
