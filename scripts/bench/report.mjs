// What `npm run bench` (scripts/bench.mjs) prints after its phases: the tables of reads,
// contention and streaming, and its targets. Pure: lines in, lines out.
import { count, fiveXX, fixed, table } from './stats.mjs';

// The on-sale's targets (docs/speed.md): the seat map at the ceiling with p99 under 10 ms, the
// show list at 0.6 of it, and both races settling three times faster than on the main of
// 2026-11-27 (2.9 s, and 5.5 s with 500 viewers), when every hold and confirm queued on its
// show's row.
export const TARGETS = {
  seats: 1.0,
  seatsP99: 10,
  shows: 0.6,
  settleMs: 2900,
  viewersSettleMs: 5500,
};
const FASTER = 3;

/**
 * @typedef {import('./load.mjs').LoadRun} LoadRun
 * @typedef {import('./load.mjs').RaceResult} RaceResult
 * @typedef {{ live: number | string, seats: number | string, groupsOnly?: number }} Verified
 *   prepare.ts verify's counts; groupsOnly: seats left free that no one-seat customer may take
 *   (seat-choice.mjs leftForGroups)
 */

/**
 * The reads' table: each run against the ceiling's requests per second.
 * @param {LoadRun[]} rows the ceiling first
 */
export function readsTable(rows) {
  const ceiling = /** @type {LoadRun} */ (rows[0]);
  return table(
    ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'x ceiling', 'errors'],
    rows.map((r) => [
      r.name,
      fixed(r.rps, 0),
      fixed(r.p50, 2),
      fixed(r.p99, 2),
      fixed(r.rps / ceiling.rps, 2),
      r.errors,
    ]),
  );
}

/**
 * The two races side by side.
 * @param {{ contest: RaceResult, verified: Verified }[]} races race, then race with viewers
 * @param {number} seats the race's seats
 */
export function contentionTable(races, seats) {
  /** @param {(c: RaceResult, v: Verified) => string | number} f */
  const row = (f) => races.map((r) => f(r.contest, r.verified));
  return table(
    ['contention', 'race', 'race with viewers'],
    [
      ['customers / seats', ...row((c) => `${c.customers} / ${seats}`)],
      ['time to settle', ...row((c) => `${fixed(c.seconds * 1000, 0)} ms`)],
      ['holds 201 / 409', ...row((c) => `${count(c.holds, 201)} / ${count(c.holds, 409)}`)],
      // A retry: a customer refused (taken, or it would strand a seat) re-reads the seat map and
      // holds the nearest seat the rules allow (load.mjs race); or finds none left for one.
      ['of which retries', ...row((c) => c.retries)],
      ['refused, then no seat left for one', ...row((c) => c.nothingLeft)],
      ['confirms 201', ...row((c) => count(c.confirms, 201))],
      ['live bookings (distinct seats)', ...row((_, v) => `${v.live} (${v.seats})`)],
      ['left free, only for groups', ...row((_, v) => v.groupsOnly ?? 0)],
      ['5xx', ...row((c) => fiveXX(c))],
    ],
  );
}

/**
 * @param {{ viewers: number, events: number, deliveries: number, missing: number, p50: number,
 *   p99: number, max: number | undefined, clock: string }} s
 */
export function streamingTable(s) {
  return table(
    ['streaming', 'value'],
    [
      ['viewers / changes', `${s.viewers} / ${s.events}`],
      ['deliveries (missing)', `${s.deliveries} (${s.missing})`],
      [
        'commit to receipt p50 / p99 / max',
        `${fixed(s.p50, 1)} / ${fixed(s.p99, 1)} / ${fixed(s.max, 1)} ms`,
      ],
      ['commit time from', s.clock],
    ],
  );
}

/**
 * One live booking per seat, on every raced seat but those a one-seat customer may not take
 * (each would leave a neighbour stranded: decision 0045's rule; `v.groupsOnly`).
 * @param {Verified} v
 * @param {number} seats
 */
export const oneEach = (v, seats) =>
  Number(v.live) === Number(v.seats) && Number(v.seats) + (v.groupsOnly ?? 0) === seats;

/**
 * The bench's targets: [[name, met]]. `paced`: the races were spread out (the cluster's), so
 * they take as long as their pace and the settle time is no target.
 * @param {{ ceiling: LoadRun, seats: LoadRun, shows: LoadRun, errors: number, paced: boolean,
 *   race: RaceResult, raceOk: boolean, streamed: { contest: RaceResult, missing: number,
 *   p99: number }, streamOk: boolean }} r
 * @returns {[string, boolean][]}
 */
export function benchTargets(r) {
  const x = (/** @type {LoadRun} */ run) => run.rps / r.ceiling.rps;
  return [
    [`seat map >= ${TARGETS.seats} x ceiling`, x(r.seats) >= TARGETS.seats],
    [`seat map p99 < ${TARGETS.seatsP99} ms`, r.seats.p99 < TARGETS.seatsP99],
    [`GET shows/ >= ${TARGETS.shows} x ceiling`, x(r.shows) >= TARGETS.shows],
    [
      'a change reaches every open stream, p99 < 1 s',
      r.streamed.missing === 0 && r.streamed.p99 < 1000,
    ],
    ...(r.paced
      ? []
      : /** @type {[string, boolean][]} */ ([
          [
            `race settles ${FASTER}x faster than before (${TARGETS.settleMs} ms)`,
            r.race.seconds * 1000 * FASTER <= TARGETS.settleMs,
          ],
          [
            `race with viewers settles ${FASTER}x faster than before (${TARGETS.viewersSettleMs} ms)`,
            r.streamed.contest.seconds * 1000 * FASTER <= TARGETS.viewersSettleMs,
          ],
        ])),
    ['one booking per seat, every seat a customer may take sold', r.raceOk && r.streamOk],
    [
      'no errors, no 5xx',
      fiveXX(r.race) === 0 && fiveXX(r.streamed.contest) === 0 && r.errors === 0,
    ],
  ];
}
