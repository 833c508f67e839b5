import { describe, expect, it } from 'vitest';
import type { Layout, SeatState, SeatStatus } from './index.js';
import {
  ACCESSIBLE_SEAT_HELD_BACK,
  bestAvailable,
  COMPANION_SEAT_ALONE,
  checkLayout,
  defaultLayout,
  ERROR_CODES,
  isFreeSeat,
  SEAT_STRANDED,
  seatsOfLayout,
  selectionProblem,
} from './index.js';
import { bruteBest, intIn, pick, randomLayout, randomSeats, seeded } from './seating.fixtures.ts';

const RELEASE = new Date('2026-12-01T18:00:00Z');
const BEFORE = { now: new Date(RELEASE.getTime() - 1), accessibleReleaseAt: RELEASE };
const AFTER = { now: RELEASE, accessibleReleaseAt: RELEASE };

/**
 * One row 'A' from a picture: '.' gap, 'o' available, 'x' booked, 'h' held, 'm' my_hold,
 * 'b' blocked, 'W'/'w' wheelchair space free/booked, 'C'/'c' companion free/booked.
 * Seat ids are the seats' labels.
 */
function rowOf(picture: string): SeatState[] {
  const cells = [...picture].map((ch) =>
    ch === '.'
      ? null
      : {
          category: 'Standard',
          ...('Ww'.includes(ch)
            ? { kind: 'wheelchair' }
            : 'Cc'.includes(ch)
              ? { kind: 'companion' }
              : ch === 'b'
                ? { kind: 'blocked' }
                : {}),
        },
  );
  const checked = checkLayout({
    categories: [{ name: 'Standard', price: 100 }],
    rows: [{ label: 'A', cells }],
  });
  if (!checked.ok) throw new Error(checked.error);
  const status: Record<string, SeatStatus> = {
    x: 'booked',
    h: 'held',
    m: 'my_hold',
    w: 'booked',
    c: 'booked',
  };
  const chars = [...picture].filter((ch) => ch !== '.');
  return seatsOfLayout(checked.layout).map((s, i) => ({
    ...s,
    id: s.label,
    status: status[chars[i] as string] ?? 'available',
  }));
}

const problemOf = (picture: string, ids: string[], when = AFTER, accessible = false) =>
  selectionProblem(rowOf(picture), ids, { ...when, accessible });

describe('selectionProblem', () => {
  it('refuses a selection that strands one seat, with the exact message', () => {
    expect(problemOf('oooox', ['A1', 'A2'])).toBeNull();
    expect(problemOf('oooox', ['A1', 'A2', 'A3'])).toEqual({
      code: SEAT_STRANDED,
      message:
        'Seat A4 would be left empty on its own. Please choose seats without a single-seat gap.',
      seats: ['A4'],
    });
    // Both sides at once: the message names the first, `seats` has all.
    expect(problemOf('xooox', ['A3'])).toMatchObject({ code: SEAT_STRANDED, seats: ['A2', 'A4'] });
    // A hold of someone else, and a seat of mine already booked, are taken too.
    expect(problemOf('hoo', ['A3'])?.seats).toEqual(['A2']);
    // My own current hold is replaced by the new one: its seats count as free.
    expect(problemOf('moo', ['A3'])).toBeNull();
    expect(problemOf('xooo', ['A3'])?.seats).toEqual(['A2']);
    // A blocked seat is never free: the seat beside it is stranded like beside a booked one.
    expect(problemOf('boo', ['A3'])?.seats).toEqual(['A2']);
  });

  it('allows a strand the block cannot avoid: no run of as many seats there strands nothing', () => {
    // X _ _ X: either seat strands the other, and so would any single seat of the block.
    expect(problemOf('xoox', ['A2'])).toBeNull();
    expect(problemOf('xoox', ['A3'])).toBeNull();
    // Five seats, the second taken: the fourth strands the third while the first or the fifth
    // strands nothing.
    expect(problemOf('oxooo', ['A4'])).toEqual({
      code: SEAT_STRANDED,
      message:
        'Seat A3 would be left empty on its own. Please choose seats without a single-seat gap.',
      seats: ['A3'],
    });
    expect(problemOf('oxooo', ['A1'])).toBeNull();
    expect(problemOf('oxooo', ['A5'])).toBeNull();
    // Two seats in X _ _ _ X: every pair strands one (the free pair across the aisle is
    // another block), so any two are allowed, side by side or not.
    expect(problemOf('xooox.oo', ['A2', 'A3'])).toBeNull();
    expect(problemOf('xooox.oo', ['A2', 'A4'])).toBeNull();
    // ... but not when the same block has room for a pair that strands nothing: A6 A7.
    expect(problemOf('xoooxoo', ['A2', 'A3'])?.seats).toEqual(['A4']);
    expect(problemOf('xoooxoo', ['A2', 'A4'])?.seats).toEqual(['A3']);
    // The alternative counts the selection's seats in that block only.
    expect(problemOf('xoox.ooo', ['A2', 'A6'])).toBeNull();
  });

  it('looks for the alternative under the same accessible rules as the selection', () => {
    // Before the release the only clean single seat is a held-back space or a lone companion:
    // no alternative, so the strand is allowed; after it, that seat is an alternative.
    expect(problemOf('xooxWo', ['A2'], BEFORE)).toBeNull();
    expect(problemOf('xooxWo', ['A2'], AFTER)?.code).toBe(SEAT_STRANDED);
    expect(problemOf('xooxWo', ['A2'], BEFORE, true)?.code).toBe(SEAT_STRANDED);
    expect(problemOf('xooxCW', ['A2'], BEFORE)).toBeNull();
    expect(problemOf('xooxCW', ['A2'], AFTER)?.code).toBe(SEAT_STRANDED);
    // With its space in the run a companion seat is fine: a pair C W is a clean alternative.
    expect(problemOf('xoooxCW', ['A2', 'A3'], BEFORE, true)?.code).toBe(SEAT_STRANDED);
  });

  it('lets a seat at a block edge (an aisle beside it) stay empty', () => {
    expect(problemOf('oo.oo', ['A2'])).toBeNull();
    expect(problemOf('oo.oo', ['A3'])).toBeNull();
    expect(problemOf('ooo.ooo', ['A2', 'A3'])).toBeNull();
    expect(problemOf('ooo.ooo', ['A1', 'A2'])).toBeNull();
    // Across an aisle nothing strands: A3 and A4 are in different blocks.
    expect(problemOf('xo.oo', ['A3'])).toBeNull();
    expect(problemOf('o.o.o', ['A2'])).toBeNull();
  });

  it('does not blame a new selection for a seat that was stranded already', () => {
    expect(problemOf('xoxooo', ['A4'])).toBeNull();
    expect(problemOf('xoxooo', ['A5', 'A6'])).toEqual({
      code: SEAT_STRANDED,
      message:
        'Seat A4 would be left empty on its own. Please choose seats without a single-seat gap.',
      seats: ['A4'],
    });
  });

  it('holds wheelchair spaces back before the release, then sells them as any seat', () => {
    const picture = 'oWCoo';
    expect(problemOf(picture, ['A2', 'A3'], BEFORE)).toEqual({
      code: ACCESSIBLE_SEAT_HELD_BACK,
      message:
        "Wheelchair spaces are kept for customers who need one until shortly before the show. Choose 'I need a wheelchair space' to book A2.",
      seats: ['A2'],
    });
    expect(problemOf(picture, ['A2', 'A3'], BEFORE, true)).toBeNull();
    // At accessible_release_at exactly the hold-back ends.
    expect(problemOf(picture, ['A2', 'A3'], AFTER)).toBeNull();
    expect(problemOf(picture, ['A2'], AFTER)).toBeNull();
    // A release time that is no date holds back: a space is never sold early by mistake.
    const noDate = { now: RELEASE, accessibleReleaseAt: new Date(Number.NaN) };
    expect(problemOf(picture, ['A2', 'A3'], noDate)?.code).toBe(ACCESSIBLE_SEAT_HELD_BACK);
  });

  it('never sells a companion seat alone while its space is free, before the release', () => {
    expect(problemOf('oWCoo', ['A3', 'A4'], BEFORE)).toEqual({
      code: COMPANION_SEAT_ALONE,
      message:
        'Companion seat A3 goes with wheelchair space A2: book them together, or choose another seat.',
      seats: ['A3'],
    });
    expect(problemOf('oWCoo', ['A3', 'A4'], BEFORE, true)).toMatchObject({
      code: COMPANION_SEAT_ALONE,
    });
    // The space is booked: its companion seat is anyone's.
    expect(problemOf('owCoo', ['A3', 'A4'], BEFORE)).toBeNull();
    expect(problemOf('oWCoo', ['A3', 'A4'], AFTER)).toBeNull();
    // Held-back spaces come before lonely companions: the space is the seat to explain.
    expect(problemOf('CWo', ['A1', 'A2'], BEFORE)?.code).toBe(ACCESSIBLE_SEAT_HELD_BACK);
  });

  it('answers with codes the API sends as 409s (errors.js)', () => {
    for (const code of [SEAT_STRANDED, ACCESSIBLE_SEAT_HELD_BACK, COMPANION_SEAT_ALONE]) {
      expect(ERROR_CODES[code].status).toBe(409);
    }
  });

  it('ignores ids that are no seat of the map (availability is checked elsewhere)', () => {
    expect(problemOf('ooo', ['Z9'])).toBeNull();
    expect(problemOf('ooo', [])).toBeNull();
  });

  it('agrees with a block-by-block reading of the stranded-seat rule on random maps', () => {
    const rand = seeded(7);
    let refused = 0;
    let unavoidable = 0;
    for (let n = 0; n < 300; n++) {
      const seats = randomSeats(rand, randomLayout(rand, 4, 14));
      const free = seats.filter(isFreeSeat);
      const chosen = free.filter(() => rand() < 0.25).map((s) => s.id);
      const got = selectionProblem(seats, chosen, { ...AFTER, accessible: false });
      const want = strandedByBlocks(seats, new Set(chosen));
      expect(got?.seats ?? [], `case ${n}`).toEqual(want.refused);
      if (want.refused.length > 0) refused++;
      if (want.unavoidable) unavoidable++;
    }
    // Both sides of the rule are met, not just one.
    expect(refused).toBeGreaterThan(30);
    expect(unavoidable).toBeGreaterThan(4);
  });
});

/** Seats of `block` (by index) that taking `taken` leaves newly alone between taken ones. */
function newlyStranded(block: SeatState[], taken: (i: number) => boolean): number[] {
  const freeBefore = block.map(isFreeSeat);
  const freeAfter = block.map((_, i) => freeBefore[i] && !taken(i));
  const out: number[] = [];
  for (let i = 1; i + 1 < block.length; i++) {
    const now = freeAfter[i] && !freeAfter[i - 1] && !freeAfter[i + 1];
    const was = freeBefore[i] && !freeBefore[i - 1] && !freeBefore[i + 1];
    if (now && !was) out.push(i);
  }
  return out;
}

/**
 * The stranded-seat rule read literally, without accessible rules (after the release): per
 * block, free seats with both in-block neighbours taken, counted only when some run of as many
 * free seats in that block strands none; `unavoidable`: a block's strand was let through.
 */
function strandedByBlocks(
  seats: SeatState[],
  chosen: Set<SeatState['id']>,
): { refused: string[]; unavoidable: boolean } {
  const refused: string[] = [];
  let unavoidable = false;
  const rows = new Map<number, SeatState[]>();
  for (const s of seats) rows.set(s.row_pos, [...(rows.get(s.row_pos) ?? []), s]);
  for (const rowPos of [...rows.keys()].sort((a, b) => a - b)) {
    const row = (rows.get(rowPos) ?? []).sort((a, b) => a.x - b.x);
    const blocks: SeatState[][] = [];
    for (const s of row) {
      const last = blocks.at(-1);
      if (last && (last.at(-1) as SeatState).x === s.x - 1) last.push(s);
      else blocks.push([s]);
    }
    for (const block of blocks) {
      const k = block.filter((s) => chosen.has(s.id)).length;
      if (k === 0) continue;
      const lonely = newlyStranded(block, (i) => chosen.has((block[i] as SeatState).id));
      if (lonely.length === 0) continue;
      let alternative = false;
      for (let start = 0; start + k <= block.length && !alternative; start++) {
        const inRun = (i: number) => i >= start && i < start + k;
        alternative =
          block.every((s, i) => !inRun(i) || isFreeSeat(s)) &&
          newlyStranded(block, inRun).length === 0;
      }
      if (alternative) refused.push(...lonely.map((i) => (block[i] as SeatState).label));
      else unavoidable = true;
    }
  }
  return { refused, unavoidable };
}

describe('bestAvailable', () => {
  it('picks the middle of the row two thirds back in an empty rectangle', () => {
    const seats = seatsOfLayout(defaultLayout(10, 12)).map((s) => ({
      ...s,
      id: s.label,
      status: 'available' as const,
    }));
    // Rows 1..10: two thirds back is 7; the centre line is x 6.5.
    expect(bestAvailable(seats, { count: 4, ...AFTER })).toEqual(['G5', 'G6', 'G7', 'G8']);
    // An odd party in an even row: the two runs nearest the centre tie, the left one wins.
    expect(bestAvailable(seats, { count: 3, ...AFTER })).toEqual(['G5', 'G6', 'G7']);
    expect(bestAvailable(seats, { count: 12, ...AFTER })?.[0]).toBe('G1');
    expect(bestAvailable(seats, { count: 13, ...AFTER })).toBeNull();
    for (const count of [0, -1, 1.5, Number.NaN])
      expect(bestAvailable(seats, { count, ...AFTER })).toBeNull();
  });

  it('never strands a seat, even when that means no run at all', () => {
    expect(bestAvailable(rowOf('xoooox'), { count: 3, ...AFTER })).toBeNull();
    expect(bestAvailable(rowOf('xoooox'), { count: 4, ...AFTER })).toEqual([
      'A2',
      'A3',
      'A4',
      'A5',
    ]);
    expect(bestAvailable(rowOf('xooooox'), { count: 3, ...AFTER })).toEqual(['A2', 'A3', 'A4']);
    expect(bestAvailable(rowOf('xoo.ooooo'), { count: 2, ...AFTER })).toEqual(['A4', 'A5']);
  });

  it('keeps wheelchair spaces and companion seats out before the release', () => {
    // Before: the two runs beside them tie on the centre line, the left one wins.
    expect(bestAvailable(rowOf('ooWCoo'), { count: 2, ...BEFORE })).toEqual(['A1', 'A2']);
    expect(bestAvailable(rowOf('ooWCoo'), { count: 2, ...AFTER })).toEqual(['A3', 'A4']);
  });

  it('takes the category asked for, else the priciest that has a run', () => {
    const layout: Layout = {
      categories: [
        { name: 'Standard', price: 100 },
        { name: 'Recliner', price: 350 },
      ],
      rows: [
        { label: 'A', cells: Array.from({ length: 8 }, () => ({ category: 'Standard' })) },
        {
          label: 'B',
          cells: [
            { category: 'Recliner' },
            { category: 'Recliner' },
            null,
            ...Array.from({ length: 6 }, () => ({ category: 'Standard' })),
          ],
        },
      ],
    };
    const seats = seatsOfLayout(layout).map((s) => ({
      ...s,
      id: s.label,
      status: 'available' as SeatStatus,
    }));
    expect(bestAvailable(seats, { count: 2, ...AFTER })).toEqual(['B1', 'B2']);
    expect(bestAvailable(seats, { count: 2, category: 'Standard', ...AFTER })).toEqual([
      'B3',
      'B4',
    ]);
    expect(bestAvailable(seats, { count: 3, ...AFTER })).toEqual(['B3', 'B4', 'B5']);
    // Asked for Recliner and there is no run of 3: no answer of another category.
    expect(bestAvailable(seats, { count: 3, category: 'Recliner', ...AFTER })).toBeNull();
    expect(bestAvailable(seats, { count: 2, category: 'Gold', ...AFTER })).toBeNull();
  });

  it('on random maps: a valid run when one exists, the best one, and null only when none does', () => {
    const rand = seeded(2026);
    let answered = 0;
    for (let n = 0; n < 400; n++) {
      const seats = randomSeats(rand, randomLayout(rand, 6, 16));
      const count = intIn(rand, 1, 6);
      const when = rand() < 0.5 ? BEFORE : AFTER;
      const category = rand() < 0.3 ? pick(rand, seats).category : undefined;
      const got = bestAvailable(seats, { count, category, ...when });
      const best = bruteBest(seats, count, when, category);
      expect(got, `case ${n}`).toEqual(best?.map((s) => s.id) ?? null);
      if (!got) continue;
      answered++;
      const run = got.map((id) => seats.find((s) => s.id === id) as SeatState);
      expect(new Set(run.map((s) => `${s.row_pos}/${s.category}`)).size).toBe(1);
      expect(run.every((s, i) => s.x === (run[0] as SeatState).x + i && isFreeSeat(s))).toBe(true);
      expect(selectionProblem(seats, got, { ...when, accessible: false })).toBeNull();
    }
    // The cases are not all trivially empty or full.
    expect(answered).toBeGreaterThan(150);
    expect(answered).toBeLessThan(400);
  });

  it('works on the largest layout (26 by 60), agreeing with brute force (its speed is `npm run bench`’s: scripts/bench/rules.mjs)', () => {
    const rand = seeded(60);
    for (let n = 0; n < 6; n++) {
      // A full rectangle, then layouts of 26 rows of 60 cells with gaps, pairs and blocked seats.
      const layout = n === 0 ? defaultLayout(26, 60) : randomLayout(rand, 26, 60, true);
      expect(layout.rows.map((r) => r.cells.length)).toEqual(Array(26).fill(60));
      const seats = randomSeats(rand, layout, n / 6);
      for (const count of [1, 2, 5, 10]) {
        const got = bestAvailable(seats, { count, ...BEFORE });
        expect(got).toEqual(bruteBest(seats, count, BEFORE)?.map((s) => s.id) ?? null);
      }
    }
  });
});
