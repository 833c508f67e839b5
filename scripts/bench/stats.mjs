// The bench's arithmetic and wording, shared by `npm run bench` (scripts/bench.mjs), its
// cluster run (bench/cluster.mjs) and its scale run (bench/scale.mjs). Pure: no I/O, no state.

/**
 * The nearest-rank percentile of an ascending list (`p` in 0..100): the smallest value that at
 * least p% of the list is at or below. NaN for an empty list.
 * @param {number[]} sorted
 * @param {number} p
 * @returns {number}
 */
export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return /** @type {number} */ (sorted[Math.min(sorted.length - 1, Math.max(0, rank))]);
}

/**
 * p50 and p99 of a list in any order (the list is sorted in place).
 * @param {number[]} list
 */
export function spread(list) {
  list.sort((a, b) => a - b);
  return { p50: percentile(list, 50), p99: percentile(list, 99) };
}

/**
 * A figure with `digits` decimals, '-' when there is none (NaN, Infinity, undefined).
 * @param {number | undefined} n
 */
export const fixed = (n, digits = 1) =>
  n !== undefined && Number.isFinite(n) ? n.toFixed(digits) : '-';

/**
 * A figure with thousands separators and `digits` decimals, '-' when there is none.
 * @param {number | null | undefined} n
 */
export const grouped = (n, digits = 1) =>
  typeof n === 'number' && Number.isFinite(n)
    ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : '-';

/**
 * A size in kB, or in MB from 1 MB up.
 * @param {number} bytes
 */
export const kb = (bytes) =>
  bytes >= 1024 * 1024 ? `${grouped(bytes / 1024 / 1024, 1)} MB` : `${grouped(bytes / 1024, 1)} kB`;

/**
 * The run with the most requests per second.
 * @template {{ rps: number }} T
 * @param {T[]} runs
 * @returns {T}
 */
export const best = (runs) => runs.reduce((a, b) => (b.rps > a.rps ? b : a));

/**
 * How many of `statuses` are `status`.
 * @param {number[]} statuses
 * @param {number} status
 */
export const count = (statuses, status) => statuses.filter((s) => s === status).length;

/** @typedef {{ holds: number[], confirms: number[] }} Contest */

/**
 * The 5xx answers of a race (holds and confirms).
 * @param {Contest} contest
 */
export const fiveXX = (contest) =>
  [...contest.holds, ...contest.confirms].filter((s) => s >= 500).length;

/**
 * The requests of a race that got no HTTP answer at all (status 0: refused or reset).
 * @param {Contest} contest
 */
export const failed = (contest) =>
  [...contest.holds, ...contest.confirms].filter((s) => s === 0).length;

/**
 * `{api1: 12, api2: 30}` from a list of instance names (null: no answer header, counted as none).
 * @param {(string | null | undefined)[]} names
 * @returns {Record<string, number>}
 */
export function countBy(names) {
  /** @type {Record<string, number>} */
  const counts = {};
  for (const name of names) counts[name ?? 'none'] = (counts[name ?? 'none'] ?? 0) + 1;
  return counts;
}

/**
 * `api1 12, api2 30` (by name), '-' when empty.
 * @param {Record<string, number>} counts
 */
export const showCounts = (counts) =>
  Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, n]) => `${name} ${n}`)
    .join(', ') || '-';

/**
 * What a list answer says about its size: rows, and the count (exact or at least).
 * @param {unknown} body
 */
export function describeAnswer(body) {
  if (Array.isArray(body)) return `${body.length.toLocaleString('en-US')} rows`;
  const list =
    /** @type {{ results?: unknown, count?: number, count_exact?: boolean, by_show?: unknown[] } | null} */ (
      body
    );
  if (list && Array.isArray(list.results)) {
    const total = list.count?.toLocaleString('en-US') ?? '?';
    const exact = list.count_exact === false ? '>= ' : '';
    return `${list.results.length} rows of ${exact}${total}`;
  }
  if (Array.isArray(list?.by_show)) return `${list.by_show.length.toLocaleString('en-US')} shows`;
  return '';
}

/**
 * The verdict lines under a bench's tables: `met    name` or `MISSED  name`.
 * @param {[string, boolean][]} targets
 */
export const verdicts = (targets) =>
  targets.map(([name, ok]) => `${ok ? 'met   ' : 'MISSED'}  ${name}`);

/**
 * A Markdown table: a header row, its rule (numbers right-aligned from the second column on,
 * unless `align` says otherwise) and the rows.
 * @param {string[]} header
 * @param {(string | number)[][]} rows
 * @param {string[]} [align] one rule per column, e.g. ['---', '---:']
 */
export function table(header, rows, align = header.map((_, i) => (i === 0 ? '---' : '---:'))) {
  return [
    `| ${header.join(' | ')} |`,
    `|${align.join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ];
}
