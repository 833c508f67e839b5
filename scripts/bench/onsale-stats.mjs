// The pure parts of the on-sale bench (scripts/bench/onsale.mjs): a seeded random source, the
// fans' arrival schedule and choices, the fairness figure, and the table and targets. No I/O.
import { count, fixed, grouped, percentile, table } from './stats.mjs';

/**
 * A small seeded random source (mulberry32): the same seed gives the same fans.
 * @param {number} seed
 * @returns {() => number} in [0, 1)
 */
export function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * When each of `fans` arrives, in ms from the start, ascending, all within `spreadMs`: uniform,
 * except that `rush` of them (0..1) come in the second after `openAtMs`, as a crowd refreshing
 * at the opening does.
 * @param {number} fans
 * @param {{ spreadMs: number, openAtMs: number, rush?: number, random: () => number }} shape
 * @returns {number[]}
 */
export function arrivalSchedule(fans, { spreadMs, openAtMs, rush = 0, random }) {
  const at = [];
  for (let i = 0; i < fans; i++) {
    const inRush = random() < rush;
    const t = inRush
      ? openAtMs + random() * Math.min(1000, spreadMs - openAtMs)
      : random() * spreadMs;
    at.push(Math.min(spreadMs, Math.max(0, t)));
  }
  return at.sort((a, b) => a - b);
}

/**
 * How many seats a fan wants (1 to 4; twos most often, as couples), from one random draw.
 * @param {number} r in [0, 1)
 */
export function seatsWanted(r) {
  if (r < 0.2) return 1;
  if (r < 0.65) return 2;
  if (r < 0.85) return 3;
  return 4;
}

/**
 * The seats a person picks from a seat map (rows in order, as GET shows/{id}/seats/ answers):
 * `wanted` free seats side by side in one row if some row has them (the row `r` points at among
 * those that do, and that `allowed` lets them take: the seat rules), else the first free seats
 * wherever they are; fewer when fewer are free.
 * @param {{ id: number, row: string, column: number, status: string }[]} map
 * @param {number} wanted
 * @param {number} r in [0, 1)
 * @param {(ids: number[]) => boolean} [allowed]
 * @returns {number[]}
 */
export function pickSeats(map, wanted, r, allowed = () => true) {
  const free = map.filter((s) => s.status === 'available');
  /** @type {number[][]} */
  const runs = [];
  for (let i = 0; i + wanted <= free.length; i++) {
    const run = free.slice(i, i + wanted);
    const first = /** @type {(typeof free)[0]} */ (run[0]);
    if (run.every((s, k) => s.row === first.row && s.column === first.column + k)) {
      const ids = run.map((s) => s.id);
      if (allowed(ids)) runs.push(ids);
    }
  }
  if (runs.length > 0) return /** @type {number[]} */ (runs[Math.floor(r * runs.length)]);
  return free.slice(0, wanted).map((s) => s.id);
}

/**
 * @typedef {{ a: number | null, k: number, s: number }} LineRow a place in the line: when it was
 *   admitted (epoch ms, null: still waiting), its sort key and its seq (onsale/sql.ts)
 */

/**
 * Each place's turn, smaller first: the admitted by when they were admitted (one batch shares a
 * turn), then those still waiting in the line's own order (sort key, then seq), whom the line
 * will admit in that order. So a fan who is still waiting behind a later arrival counts too.
 * @param {LineRow[]} rows
 * @returns {number[]} in the order of `rows`
 */
export function turnsOf(rows) {
  const waiting = rows
    .map((row, i) => ({ row, i }))
    .filter(({ row }) => row.a === null)
    .sort((x, y) => x.row.k - y.row.k || x.row.s - y.row.s);
  const last = Math.max(0, ...rows.map((r) => r.a ?? 0));
  /** @type {number[]} */
  const turns = rows.map((r) => r.a ?? 0);
  waiting.forEach(({ i }, place) => {
    turns[i] = last + 1 + place;
  });
  return turns;
}

/**
 * @typedef {{ arrival: number, turn: number }} Turn a fan who joined and did not leave before
 *   their turn: when they arrived, and their turn (turnsOf)
 */

/**
 * Fairness: of the pairs of fans where one arrived strictly before the other (at least `minGapMs`
 * before, when given), the share where the later one has the strictly earlier turn (one batch
 * admitted together is in order). NaN without pairs.
 * @param {Turn[]} turns
 * @returns {{ pairs: number, outOfOrder: number, share: number }}
 */
export function outOfOrder(turns, minGapMs = 0) {
  const sorted = [...turns].sort((a, b) => a.arrival - b.arrival);
  let pairs = 0;
  let wrong = 0;
  for (let i = 0; i < sorted.length; i++) {
    const { arrival, turn } = /** @type {Turn} */ (sorted[i]);
    for (let j = i + 1; j < sorted.length; j++) {
      const later = /** @type {Turn} */ (sorted[j]);
      if (later.arrival === arrival || later.arrival - arrival < minGapMs) continue;
      pairs++;
      if (later.turn < turn) wrong++;
    }
  }
  return { pairs, outOfOrder: wrong, share: pairs === 0 ? Number.NaN : wrong / pairs };
}

/**
 * Answers counted by request kind and status, as `{ 'POST line': { 200: 9998, 0: 2 } }`.
 * @param {{ kind: string, status: number }[]} answers
 */
export function statusesByKind(answers) {
  /** @type {Record<string, Record<number, number>>} */
  const by = {};
  for (const { kind, status } of answers) {
    const row = by[kind] ?? {};
    row[status] = (row[status] ?? 0) + 1;
    by[kind] = row;
  }
  return by;
}

/**
 * @typedef {{
 *   fans: number, spreadMs: number, openAtMs: number, seats: number,
 *   answers: { kind: string, status: number }[], firstAnswerMs: number[],
 *   verified: { sold: number, seats: number, twice: number, buyers: number, most: number,
 *     over: number, limit: number },
 *   fairness: { pairs: number, outOfOrder: number, share: number },
 *   fairnessServer: { pairs: number, outOfOrder: number, share: number },
 *   fairnessApart: { pairs: number, outOfOrder: number, share: number },
 *   admitted: number, admittedPerSecond: number, largestBatch: number,
 *   batches: { atMs: number, fans: number }[], leavesAfterAdmission: number[], soldOutAtMs: number | null,
 *   outcomes: Record<string, number>,
 *   memory: { name: string, peakKb: number, afterKb: number, startKb: number }[],
 *   cpu: { name: string, seconds: number }[], statements: Statement[],
 *   instances: number, seconds: number,
 * }} OnsaleRun
 */

/**
 * `0.0: 140, 31.2: 5` (seconds after the opening: fans), in time order; the first six and how
 * many more.
 * @param {{ atMs: number, fans: number }[]} batches
 */
export function showBatches(batches) {
  const sorted = [...batches].sort((a, b) => a.atMs - b.atMs);
  const shown = sorted.slice(0, 6).map((b) => `${fixed(b.atMs / 1000, 1)}: ${b.fans}`);
  if (sorted.length > 6) shown.push(`and ${sorted.length - 6} more`);
  return shown.join(', ') || 'none';
}

/**
 * The on-sale table.
 * @param {OnsaleRun} run
 */
export function onsaleTable(run) {
  const first = [...run.firstAnswerMs].sort((a, b) => a - b);
  const by = statusesByKind(run.answers);
  const mb = (/** @type {number} */ kb) => `${grouped(kb / 1024, 0)} MB`;
  const s = (/** @type {number} */ ms) => `${fixed(ms / 1000, 1)} s`;
  return table(
    [`on-sale (${run.instances} API instances behind HAProxy)`, 'figure'],
    [
      ['fans (distinct accounts), arriving over', `${run.fans} / ${s(run.spreadMs)}`],
      ['sales opened at (after the first arrival)', s(run.openAtMs)],
      ...Object.entries(by).map(([kind, statuses]) => [
        `${kind}: answers by status`,
        Object.entries(statuses)
          .map(([status, n]) => `${status === '0' ? 'failed' : status} ${n}`)
          .join(', '),
      ]),
      [
        'time to the first answer p50 / p99 / max',
        `${fixed(percentile(first, 50), 0)} / ${fixed(percentile(first, 99), 0)} / ${fixed(first.at(-1), 0)} ms`,
      ],
      [
        'seats sold / of (distinct; booked twice)',
        `${run.verified.sold} / ${run.seats} (${run.verified.seats}; ${run.verified.twice})`,
      ],
      [
        'sold out at (after the opening)',
        run.soldOutAtMs === null ? 'not sold out' : s(run.soldOutAtMs),
      ],
      [
        `buyers; most seats of one account (limit ${run.verified.limit}); over it`,
        `${run.verified.buyers}; ${run.verified.most}; ${run.verified.over}`,
      ],
      ...Object.entries(run.outcomes).map(([outcome, n]) => [`fans who ${outcome}`, n]),
      [
        'fans admitted; per second from the opening to the end; largest batch',
        `${run.admitted}; ${fixed(run.admittedPerSecond, 1)}; ${run.largestBatch}`,
      ],
      [
        'arrived after the opening: pairs out of arrival order in the admission order (fan’s clock)',
        `${run.fairness.outOfOrder} of ${run.fairness.pairs} (${fixed(run.fairness.share * 100, 3)} %)`,
      ],
      [
        '… of those arriving 1 s or more apart (fan’s clock)',
        `${run.fairnessApart.outOfOrder} of ${run.fairnessApart.pairs} (${fixed(run.fairnessApart.share * 100, 3)} %)`,
      ],
      [
        '… by the server’s joined_at',
        `${run.fairnessServer.outOfOrder} of ${run.fairnessServer.pairs} (${fixed(run.fairnessServer.share * 100, 3)} %)`,
      ],
      ['admission batches (s after the opening: fans)', showBatches(run.batches)],
      [
        'admitted fans who left: how many, first and last (s after the opening)',
        run.leavesAfterAdmission.length === 0
          ? '0'
          : `${run.leavesAfterAdmission.length}, ${s(Math.min(...run.leavesAfterAdmission))} to ${s(Math.max(...run.leavesAfterAdmission))}`,
      ],
      ...run.memory.map((m) => [
        `${m.name} RSS at start / peak / after`,
        `${mb(m.startKb)} / ${mb(m.peakKb)} / ${mb(m.afterKb)}`,
      ]),
      ...run.cpu.map((c) => [`${c.name}: CPU during the run`, `${fixed(c.seconds, 1)} s`]),
      ['run took', s(run.seconds * 1000)],
    ],
  );
}

/**
 * The on-sale's targets: [[name, met]].
 * @param {OnsaleRun} run
 * @returns {[string, boolean][]}
 */
export function onsaleTargets(run) {
  const statuses = run.answers.map((a) => a.status);
  const first = [...run.firstAnswerMs].sort((a, b) => a - b);
  const fivexx = statuses.filter((s) => s >= 500).length;
  return [
    [
      `no 5xx and no failed request (${fivexx} 5xx, ${count(statuses, 0)} failed)`,
      fivexx === 0 && count(statuses, 0) === 0,
    ],
    [
      `time to the first answer p99 < 1 s (${fixed(percentile(first, 99), 0)} ms)`,
      first.length === run.fans && percentile(first, 99) < 1000,
    ],
    [
      `exactly ${run.seats} seats sold, none twice (${run.verified.sold}, ${run.verified.twice} twice)`,
      run.verified.sold === run.seats &&
        run.verified.seats === run.seats &&
        run.verified.twice === 0,
    ],
    [`no account over its limit of ${run.verified.limit} seats`, run.verified.over === 0],
    [
      `admitted in arrival order: out-of-order pairs < 1 % (${fixed(run.fairness.share * 100, 3)} %)`,
      run.fairness.pairs > 0 && run.fairness.share < 0.01,
    ],
  ];
}

/**
 * @typedef {{ calls: number, total_ms: number, mean_ms: number, rows: number, query: string }}
 *   Statement a line of pg_stat_statements
 */

/**
 * Where PostgreSQL's time went during the run: its busiest statements, the query shortened.
 * @param {Statement[]} statements
 */
export function statementsTable(statements) {
  if (statements.length === 0)
    return ['(no pg_stat_statements: no breakdown of the database time)'];
  return table(
    ['PostgreSQL’s busiest statements', 'calls', 'mean', 'total'],
    statements.map((st) => [
      `\`${st.query.length > 90 ? `${st.query.slice(0, 87)}...` : st.query}\``.replaceAll(
        '|',
        '\\|',
      ),
      grouped(st.calls, 0),
      `${fixed(st.mean_ms, 2)} ms`,
      `${fixed(st.total_ms / 1000, 1)} s`,
    ]),
  );
}
