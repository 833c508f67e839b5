// `npm run bench`'s seat-rules phase: bestAvailable and selectionProblem
// (packages/contract/src/seating.js) on the largest layout, 26 rows of 60 cells with aisles,
// three categories, wheelchair spaces with companions and a third of the seats taken, as the
// seat page has it (parsed JSON) and the API runs it on every hold (decision 0045).
import {
  bestAvailable,
  checkLayout,
  seatsOfLayout,
  selectionProblem,
} from '../../packages/contract/src/seating.js';
import { fixed, spread, table } from './stats.mjs';

const CALLS = 2000;

/** The largest layout: aisles after cells 14 and 46, pairs at both ends of the front row. */
function largestSeats() {
  const categories = [
    { name: 'Standard', price: 100 },
    { name: 'Premium', price: 220 },
    { name: 'Recliner', price: 350 },
  ];
  const rows = Array.from({ length: 26 }, (_, r) => ({
    label: String.fromCharCode(65 + r),
    cells: Array.from({ length: 60 }, (_, c) => {
      if (c === 14 || c === 46) return null;
      const kind =
        r === 0 && (c < 2 || c > 57)
          ? c === 0 || c === 59
            ? 'wheelchair'
            : 'companion'
          : undefined;
      return {
        category: /** @type {string} */ (categories[r < 10 ? 0 : r < 20 ? 1 : 2]?.name),
        ...(kind && { kind }),
      };
    }),
  }));
  const checked = checkLayout({ categories, rows });
  if (!checked.ok) throw new Error(`bench layout: ${checked.error} (${checked.path})`);
  const seats = seatsOfLayout(checked.layout).map((seat, i) => ({
    id: i + 1,
    status: (i * 7919) % 3 === 0 ? 'booked' : 'available',
    ...seat,
  }));
  return JSON.parse(JSON.stringify(seats));
}

/**
 * Median and p99 of CALLS calls of each rule, in microseconds; lines and targets for the report.
 * @returns {{ lines: string[], targets: [string, boolean][] }}
 */
export function rulesBench() {
  const seats = largestSeats();
  const when = { now: new Date(0), accessibleReleaseAt: new Date(1) };
  const middle = seats
    .filter((/** @type {any} */ s) => s.row === 'P' && s.x >= 28 && s.x <= 31)
    .map((/** @type {any} */ s) => s.id);
  /** @type {[string, () => unknown][]} */
  const rules = [
    ['bestAvailable (6 seats)', () => bestAvailable(seats, { count: 6, ...when })],
    [
      'selectionProblem (4 seats)',
      () => selectionProblem(seats, middle, { ...when, accessible: false }),
    ],
  ];
  const figures = rules.map(([name, call]) => {
    const times = Array.from({ length: CALLS }, () => {
      const start = performance.now();
      call();
      return (performance.now() - start) * 1000;
    });
    return { name, ...spread(times) };
  });
  return {
    lines: table(
      ['seat rules, 26 x 60 seats', 'p50 µs', 'p99 µs'],
      figures.map((f) => [f.name, fixed(f.p50, 0), fixed(f.p99, 0)]),
    ),
    targets: figures.map((f) => [
      `${f.name.split(' ')[0]} on 26 x 60 seats, p50 < 5 ms`,
      f.p50 < 5000,
    ]),
  };
}
