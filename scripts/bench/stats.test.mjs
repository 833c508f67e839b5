// The bench's arithmetic and wording (bench/stats.mjs, bench/args.mjs, bench/report.mjs,
// bench/cluster.mjs's tables): what an engineer reading `npm run bench`'s output relies on.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseBenchArgs } from './args.mjs';
import { clusterReport, clusterTargets } from './cluster.mjs';
import { benchTargets, contentionTable, oneEach, readsTable, streamingTable } from './report.mjs';
import {
  best,
  countBy,
  describeAnswer,
  fixed,
  grouped,
  kb,
  percentile,
  showCounts,
  spread,
  verdicts,
} from './stats.mjs';

describe('percentile', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => i + 1);

  test('is the nearest rank: the smallest value at least p% of the list is at or below', () => {
    assert.equal(percentile(hundred, 50), 50);
    assert.equal(percentile(hundred, 99), 99);
    assert.equal(percentile(hundred, 100), 100);
    assert.equal(percentile([10, 20, 30], 50), 20);
    assert.equal(percentile([10, 20, 30], 95), 30);
  });

  test('of one value is that value, of none is no figure at all', () => {
    assert.equal(percentile([7], 0), 7);
    assert.equal(percentile([7], 99), 7);
    assert.ok(Number.isNaN(percentile([], 50)));
  });

  test('spread sorts first: the order the latencies came in does not matter', () => {
    assert.deepEqual(spread([5, 1, 4, 2, 3]), { p50: 3, p99: 5 });
    assert.deepEqual(spread([]), { p50: Number.NaN, p99: Number.NaN });
  });
});

describe('figures as the tables print them', () => {
  test('fixed decimals, and a dash where there is no figure', () => {
    assert.equal(fixed(12.345, 2), '12.35');
    assert.equal(fixed(1234.5, 0), '1235');
    assert.equal(fixed(Number.NaN), '-');
    assert.equal(fixed(Number.POSITIVE_INFINITY), '-');
    assert.equal(fixed(undefined), '-');
  });

  test('thousands grouped, sizes in kB then MB', () => {
    assert.equal(grouped(1234567.891, 1), '1,234,567.9');
    assert.equal(grouped(null), '-');
    assert.equal(kb(512 * 1024), '512.0 kB');
    assert.equal(kb(1536), '1.5 kB');
    assert.equal(kb(3 * 1024 * 1024), '3.0 MB');
  });

  test('the best run is the one with the most requests per second', () => {
    const runs = [
      { name: 'a', rps: 10 },
      { name: 'b', rps: 30 },
      { name: 'c', rps: 20 },
    ];
    assert.equal(best(runs).name, 'b');
  });

  test('instances counted by name, a missing header as none', () => {
    assert.deepEqual(countBy(['api2', 'api1', null, 'api2']), { api2: 2, api1: 1, none: 1 });
    assert.equal(showCounts(countBy(['api2', 'api1', 'api2'])), 'api1 1, api2 2');
    assert.equal(showCounts({}), '-');
  });

  test('an answer says how many rows it has, and of how many', () => {
    assert.equal(describeAnswer([1, 2, 3]), '3 rows');
    assert.equal(describeAnswer({ results: [1, 2], count: 12345 }), '2 rows of 12,345');
    assert.equal(
      describeAnswer({ results: [1], count: 10000, count_exact: false }),
      '1 rows of >= 10,000',
    );
    assert.equal(describeAnswer({ by_show: [1, 2] }), '2 shows');
    assert.equal(describeAnswer(null), '');
  });

  test('verdicts line up: met or MISSED, then the target', () => {
    assert.deepEqual(
      verdicts([
        ['seat map p99 < 25 ms', true],
        ['no errors', false],
      ]),
      ['met     seat map p99 < 25 ms', 'MISSED  no errors'],
    );
  });
});

describe('npm run bench options', () => {
  test('defaults: one instance, 5 s, best of 2, 500 viewers, races paced over 8 s', () => {
    assert.deepEqual(parseBenchArgs([], {}), {
      scale: false,
      onsale: false,
      cluster: false,
      instances: 1,
      seconds: 5,
      rounds: 2,
      viewers: 500,
      raceSpreadMs: 8000,
      crowd: { fans: 10_000, spreadMs: 10_000, openAtMs: 2500, afterSoldOutMs: 15_000 },
    });
  });

  test('--cluster means two instances unless told; --instances wins over BENCH_INSTANCES', () => {
    assert.equal(parseBenchArgs(['--cluster'], {}).instances, 2);
    assert.equal(parseBenchArgs(['--cluster', '--instances', '3'], {}).instances, 3);
    assert.equal(parseBenchArgs([], { BENCH_INSTANCES: '2' }).instances, 2);
    assert.equal(parseBenchArgs(['--instances', '4'], { BENCH_INSTANCES: '2' }).instances, 4);
    assert.equal(parseBenchArgs(['--scale'], {}).scale, true);
  });

  test('the environment sets the pace; a value that is no positive number is the default', () => {
    const options = parseBenchArgs([], {
      BENCH_SECONDS: '10',
      BENCH_ROUNDS: '3',
      BENCH_VIEWERS: 'many',
      BENCH_RACE_SPREAD_MS: '-1',
    });
    assert.equal(options.seconds, 10);
    assert.equal(options.rounds, 3);
    assert.equal(options.viewers, 500);
    assert.equal(options.raceSpreadMs, 8000);
  });
});

const run = (name, rps, p99 = 5) => ({ name, rps, p50: 1, p99, errors: 0 });
const contest = (holds, confirms, seconds = 0.4, servedBy = [], customers = holds.length) => ({
  seconds,
  customers,
  holds,
  retries: holds.length - customers,
  nothingLeft: 0,
  confirms,
  servedBy,
});
const settled = contest([...Array(100).fill(201), ...Array(100).fill(409)], Array(100).fill(201));

describe('the bench report', () => {
  test('reads are set against the ceiling', () => {
    assert.deepEqual(readsTable([run('ceiling', 1000), run('seats', 750)]), [
      '| endpoint | req/s | p50 ms | p99 ms | x ceiling | errors |',
      '|---|---:|---:|---:|---:|---:|',
      '| ceiling | 1000 | 1.00 | 5.00 | 1.00 | 0 |',
      '| seats | 750 | 1.00 | 5.00 | 0.75 | 0 |',
    ]);
  });

  test('the races side by side: holds won and lost, retries, bookings, 5xx', () => {
    const failing = contest([201, 500, 0, 409], [201], 0.4, [], 3);
    const lines = contentionTable(
      [
        { contest: settled, verified: { live: 100, seats: 100 } },
        { contest: failing, verified: { live: '1', seats: '1', groupsOnly: 2 } },
      ],
      100,
    );
    assert.equal(lines[0], '| contention | race | race with viewers |');
    assert.ok(lines.includes('| customers / seats | 200 / 100 | 3 / 100 |'));
    assert.ok(lines.includes('| time to settle | 400 ms | 400 ms |'));
    assert.ok(lines.includes('| holds 201 / 409 | 100 / 100 | 1 / 1 |'));
    assert.ok(lines.includes('| of which retries | 0 | 1 |'));
    assert.ok(lines.includes('| refused, then no seat left for one | 0 | 0 |'));
    assert.ok(lines.includes('| live bookings (distinct seats) | 100 (100) | 1 (1) |'));
    assert.ok(lines.includes('| left free, only for groups | 0 | 2 |'));
    assert.ok(lines.includes('| 5xx | 0 | 1 |'));
  });

  test('streaming latencies, with a dash when nothing arrived', () => {
    const lines = streamingTable({
      viewers: 500,
      events: 100,
      deliveries: 0,
      missing: 50000,
      p50: Number.NaN,
      p99: Number.NaN,
      max: undefined,
      clock: 'track_commit_timestamp',
    });
    assert.ok(lines.includes('| deliveries (missing) | 0 (50000) |'));
    assert.ok(lines.includes('| commit to receipt p50 / p99 / max | - / - / - ms |'));
  });

  const targets = (overrides = {}) =>
    Object.fromEntries(
      benchTargets({
        ceiling: run('ceiling', 1000),
        seats: run('seats', 1000, 8),
        shows: run('shows', 600),
        errors: 0,
        paced: false,
        race: settled,
        raceOk: true,
        streamed: { contest: settled, missing: 0, p99: 120 },
        streamOk: true,
        ...overrides,
      }),
    );

  test('every target met on a good run', () => {
    const met = targets();
    assert.deepEqual(Object.keys(met), [
      'seat map >= 1 x ceiling',
      'seat map p99 < 10 ms',
      'GET shows/ >= 0.6 x ceiling',
      'a change reaches every open stream, p99 < 1 s',
      'race settles 3x faster than before (2900 ms)',
      'race with viewers settles 3x faster than before (5500 ms)',
      'one booking per seat, every seat a customer may take sold',
      'no errors, no 5xx',
    ]);
    assert.ok(Object.values(met).every(Boolean));
  });

  test('each miss is named: slow reads, a lost change, a slow race, an error', () => {
    const missed = targets({
      seats: run('seats', 990, 10),
      streamed: { contest: contest(settled.holds, settled.confirms, 1.9), missing: 1, p99: 120 },
      race: contest(settled.holds, settled.confirms, 0.97),
      errors: 1,
    });
    assert.equal(missed['seat map >= 1 x ceiling'], false);
    assert.equal(missed['seat map p99 < 10 ms'], false);
    assert.equal(missed['a change reaches every open stream, p99 < 1 s'], false);
    assert.equal(missed['race settles 3x faster than before (2900 ms)'], false);
    assert.equal(missed['race with viewers settles 3x faster than before (5500 ms)'], false);
    assert.equal(missed['no errors, no 5xx'], false);
    assert.equal(missed['GET shows/ >= 0.6 x ceiling'], true);
  });

  test('a paced race (the cluster) has no settle-time target', () => {
    const paced = Object.keys(targets({ paced: true }));
    assert.ok(!paced.some((name) => name.includes('settles')));
  });

  test('one booking per seat means as many live bookings as seats, no more', () => {
    assert.equal(oneEach({ live: '100', seats: '100' }, 100), true);
    assert.equal(oneEach({ live: 101, seats: 100 }, 100), false);
    // Seats only a group could take (decision 0045's stranded-seat rule) may stay free; no more.
    assert.equal(oneEach({ live: 96, seats: 96, groupsOnly: 4 }, 100), true);
    assert.equal(oneEach({ live: 95, seats: 95, groupsOnly: 4 }, 100), false);
    assert.equal(oneEach({ live: 97, seats: 96, groupsOnly: 4 }, 100), false);
  });
});

describe('the cluster report', () => {
  const restart = {
    name: 'api1',
    signalAt: 1000,
    exitedAt: 1400,
    exitCode: 0,
    healthyAt: 3000,
    backAt: 3500,
  };
  const served = contest(settled.holds, settled.confirms, 8.2, ['api1', 'api2', 'api2']);
  const plain = { label: 'race', contest: served, verified: { live: 100, seats: 100 }, restart };
  const races = [
    plain,
    {
      label: 'race with viewers',
      contest: served,
      verified: { live: 100, seats: 100 },
      restart: { ...restart, name: 'api2' },
      streams: {
        firstServedBy: ['api1', 'api2'],
        reconnects: 3,
        missing: 0,
        steady: { p50: 12.4, p99: 80 },
        resumed: { p50: Number.NaN, p99: Number.NaN },
      },
    },
  ];

  test('says when the restart happened and how the traffic was shared', () => {
    const lines = clusterReport(races, 2, 8000);
    assert.equal(lines[0], '| cluster (HAProxy, 2 API instances) | race | race with viewers |');
    assert.ok(lines.includes('| racers, arriving over | 200 / 8.0 s | 200 / 8.0 s |'));
    assert.ok(lines.includes('| drained and exited (code) | +400 ms (0) | +400 ms (0) |'));
    assert.ok(lines.includes('| requests per instance | api1 1, api2 2 | api1 1, api2 2 |'));
    assert.ok(lines.includes('| streams ended by the restart, resumed | - | 3 |'));
    assert.ok(
      lines.includes('| commit to receipt p50 / p99, streams left alone | - | 12 / 80 ms |'),
    );
    assert.ok(lines.includes('| commit to receipt p50 / p99, streams resumed | - | - / - ms |'));
  });

  test('its targets: nothing lost, a clean drain, every instance used', () => {
    assert.ok(clusterTargets(races, 2).every(([, met]) => met));
    const oneInstance = clusterTargets(races, 3);
    assert.deepEqual(
      oneInstance.filter(([, met]) => !met).map(([name]) => name),
      ['every instance served the race', 'streams fed from every instance'],
    );
    const slowDrain = [{ ...plain, restart: { ...restart, exitedAt: 12_000, exitCode: 1 } }];
    assert.equal(
      Object.fromEntries(clusterTargets(slowDrain, 2))[
        'the restarted instance drained and exited 0 within 10 s'
      ],
      false,
    );
  });
});
