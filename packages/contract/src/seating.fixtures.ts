// Seeded random layouts and seat maps for seating*.test.ts: gaps, blocked seats, wheelchair
// spaces with companions, several categories, random statuses; and a brute-force oracle for
// bestAvailable written from decision 0045's words, apart from seating-rules.js's one pass.
import type { Layout, LayoutCell, SeatState, SeatStatus } from './seating.js';
import { accessibleHeldBack, checkLayout, isFreeSeat, seatsOfLayout } from './seating.js';

/** mulberry32: a small seeded generator, so a failing case can be replayed from its seed. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(rand: () => number, items: readonly T[]): T =>
  items[Math.floor(rand() * items.length)] as T;
export const intIn = (rand: () => number, min: number, max: number) =>
  min + Math.floor(rand() * (max - min + 1));

/** A row label for row index r: A..Z, then AA.. (two letters from the 27th). */
export const labelOf = (r: number) =>
  r < 26 ? String.fromCharCode(65 + r) : `A${String.fromCharCode(65 + r - 26)}`;

/** A valid random layout of up to `maxRows` by `maxCells` (checked by checkLayout). */
export function randomLayout(rand: () => number, maxRows = 8, maxCells = 20, fill = false): Layout {
  for (;;) {
    const names = ['Standard', 'Premium', 'Recliner'].slice(0, intIn(rand, 1, 3));
    const rowCount = fill ? maxRows : intIn(rand, 1, maxRows);
    const rows = Array.from({ length: rowCount }, (_, r) => {
      const length = fill ? maxCells : intIn(rand, 1, maxCells);
      const category = pick(rand, names);
      const cells: LayoutCell[] = [];
      while (cells.length < length) {
        const roll = rand();
        const cat = rand() < 0.8 ? category : pick(rand, names);
        if (roll < 0.12) cells.push(null);
        else if (roll < 0.18) cells.push({ category: cat, kind: 'blocked' });
        else if (roll < 0.24 && cells.length + 2 <= length) {
          const pair: LayoutCell[] = [
            { category: cat, kind: 'wheelchair' },
            { category: cat, kind: 'companion' },
          ];
          cells.push(...(rand() < 0.5 ? pair : pair.reverse()));
        } else if (roll < 0.26) cells.push({ category: cat, kind: 'wheelchair' });
        else cells.push({ category: cat });
      }
      return { label: labelOf(r), cells };
    });
    const used = new Set(rows.flatMap((row) => row.cells.map((c) => c?.category)));
    const categories = names
      .filter((n) => used.has(n))
      .map((name, i) => ({ name, price: [350, 100, 220][i] ?? 100 }));
    const checked = checkLayout({ categories, rows });
    if (checked.ok) return checked.layout;
  }
}

const STATUSES: SeatStatus[] = ['available', 'booked', 'mine', 'held', 'my_hold'];

/** The layout's seats as the seat map sends them, `taken` of them (0..1) not available. */
export function randomSeats(rand: () => number, layout: Layout, taken = rand() * 0.7) {
  // id and status first: V8 gives each object of `{...seat, status}` a hidden class of its own,
  // which makes reading 1,560 of them 50 times slower (seating-rules.d.ts, SeatState).
  return seatsOfLayout(layout).map(
    (seat, i): SeatState => ({
      id: 1000 + i,
      status:
        rand() < taken
          ? pick(rand, STATUSES.slice(1))
          : pick(rand, ['available', 'available', 'my_hold'] as SeatStatus[]),
      ...seat,
    }),
  );
}

export interface When {
  now: Date;
  accessibleReleaseAt: Date;
}

/**
 * Every run bestAvailable may answer with, by brute force: each window of `count` seats of a
 * row with consecutive x, one category, all free, none held back, stranding no seat beside it.
 */
export function validRuns(seats: SeatState[], count: number, when: When) {
  const heldBack = accessibleHeldBack(when);
  const runs: SeatState[][] = [];
  const rows = new Map<number, SeatState[]>();
  for (const s of seats) rows.set(s.row_pos, [...(rows.get(s.row_pos) ?? []), s]);
  for (const row of rows.values()) {
    row.sort((a, b) => a.x - b.x);
    for (let i = 0; i + count <= row.length; i++) {
      const run = row.slice(i, i + count);
      const first = run[0] as SeatState;
      if (!run.every((s, k) => s.x === first.x + k && s.category === first.category)) continue;
      if (!run.every(isFreeSeat)) continue;
      if (heldBack && run.some((s) => s.kind === 'wheelchair' || s.kind === 'companion')) continue;
      // Strict, unlike selectionProblem (which lets an unavoidable strand through): no free
      // seat beside the run may be left with a taken one beyond it in the block.
      const at = (x: number) => row.find((s) => s.x === x);
      const strands = (x: number, side: number) => {
        const next = at(x + side);
        const beyond = at(x + 2 * side);
        return !!next && isFreeSeat(next) && !!beyond && !isFreeSeat(beyond);
      };
      if (strands(first.x, -1) || strands(first.x + count - 1, 1)) continue;
      runs.push(run);
    }
  }
  return runs;
}

/** The decision's order of runs, in plain floating point: centre line, 2/3 back, front, left. */
export function scorer(seats: SeatState[]): (run: SeatState[]) => number[] {
  const xs = seats.map((s) => s.x);
  const rs = seats.map((s) => s.row_pos);
  const centre = (Math.min(...xs) + Math.max(...xs)) / 2;
  const minRow = Math.min(...rs);
  const target = minRow + ((Math.max(...rs) - minRow) * 2) / 3;
  return (run) => {
    const mean = run.reduce((sum, s) => sum + s.x, 0) / run.length;
    const first = run[0] as SeatState;
    return [Math.abs(mean - centre), Math.abs(first.row_pos - target), first.row_pos, first.x];
  };
}

export function compareScores(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] as number) - (b[i] as number);
    if (Math.abs(d) > 1e-9) return d;
  }
  return 0;
}

/** The run the decision says is best (category given, else the priciest that has a run). */
export function bruteBest(seats: SeatState[], count: number, when: When, category?: string) {
  const runs = validRuns(seats, count, when).filter(
    (run) => category === undefined || run[0]?.category === category,
  );
  if (runs.length === 0) return null;
  const prices = new Map<string, number>();
  for (const s of seats) prices.set(s.category, Math.max(prices.get(s.category) ?? 0, s.price));
  const priceOf = (run: SeatState[]) => prices.get(run[0]?.category ?? '') ?? 0;
  const top = Math.max(...runs.map(priceOf));
  const scoreOf = scorer(seats);
  const ranked = runs
    .filter((run) => priceOf(run) === top)
    .map((run) => ({ run, score: scoreOf(run) }))
    .sort((a, b) => compareScores(a.score, b.score));
  return ranked[0]?.run ?? null;
}
