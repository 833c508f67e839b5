/* @ts-self-types="./seating-rules.d.ts" */
// The rules of choosing seats on a show's seat map (docs/decisions/0045-screens-and-seat-layouts.md):
// no single seat stranded where the block offers a run that strands none (where every placement
// would, the strand is unavoidable and allowed: else one-seat customers could never fill
// X _ _ X), wheelchair spaces and companion seats held back until the show's
// accessible_release_at, and the best run of seats for a party (which never strands). The API
// runs them inside a hold's transaction (after locking the rows' seats), the seat page before it
// asks. Pure.
//
// A seat is FREE when its status is 'available' or 'my_hold' (the customer's own hold is replaced
// by the new one) and it is not blocked. A BLOCK is a run of seats of one row with consecutive x:
// a gap (a missing x) ends it, a blocked seat does not (it is a seat that is never free).

// selectionProblem's codes are also the API's 409 codes (errors.js).
/** A free seat would be left alone between taken ones in its block. */
export const SEAT_STRANDED = 'seat_stranded';
/** A wheelchair space, before the release, for a customer who did not say they need one. */
export const ACCESSIBLE_SEAT_HELD_BACK = 'accessible_seat_held_back';
/** A companion seat, before the release, without its free wheelchair space. */
export const COMPANION_SEAT_ALONE = 'companion_seat_alone';

/** selectionProblem's messages by code, from the labels of the seats concerned. */
export const SELECTION_MESSAGES = Object.freeze({
  /** @param {string} label */
  [SEAT_STRANDED]: (label) =>
    `Seat ${label} would be left empty on its own. Please choose seats without a single-seat gap.`,
  /** @param {string} label */
  [ACCESSIBLE_SEAT_HELD_BACK]: (label) =>
    `Wheelchair spaces are kept for customers who need one until shortly before the show. Choose 'I need a wheelchair space' to book ${label}.`,
  /** @param {string} label @param {string} spaceLabel */
  [COMPANION_SEAT_ALONE]: (label, spaceLabel) =>
    `Companion seat ${label} goes with wheelchair space ${spaceLabel}: book them together, or choose another seat.`,
});

/** @typedef {import('./seating-rules.d.ts').SeatState} SeatState */

/**
 * Whether the rules see `seat` as free: 'available' or the customer's own 'my_hold', not blocked.
 * @param {SeatState} seat
 * @returns {boolean}
 */
export function isFreeSeat(seat) {
  return (seat.status === 'available' || seat.status === 'my_hold') && seat.kind !== 'blocked';
}

/**
 * Whether wheelchair spaces and companion seats are still held back at `now`: before
 * `accessibleReleaseAt` (from that instant on they are ordinary seats). An invalid date holds
 * back, so a missing release time never sells a space early.
 * @param {{now: Date, accessibleReleaseAt: Date}} when
 * @returns {boolean}
 */
export function accessibleHeldBack({ now, accessibleReleaseAt }) {
  return !(now.getTime() >= accessibleReleaseAt.getTime());
}

/**
 * The first rule a selection breaks, or null. Checks the rules only (availability is the
 * caller's: ids that are no seat of `seats` are ignored): a wheelchair space before the release
 * without `accessible`; then a companion seat before the release whose space is free and not
 * selected; then a free seat of a touched block left with both neighbours taken (a block's edge
 * is not taken) that was not already so, but only when that block has an alternative: a run of
 * k free seats (k = the selection's seats in the block) that the same accessible rules allow and
 * whose taking strands no seat. Where every placement strands one, the strand is unavoidable
 * and the selection is allowed. `seats` lists every seat of the rows touched (the whole map will
 * do); `seats` in the answer are labels, front row first, left to right.
 * @param {ReadonlyArray<SeatState>} seats
 * @param {ReadonlyArray<number | string>} selectedIds
 * @param {{now: Date, accessibleReleaseAt: Date, accessible?: boolean}} options
 * @returns {import('./seating-rules.d.ts').SelectionProblem | null}
 */
export function selectionProblem(seats, selectedIds, { now, accessibleReleaseAt, accessible }) {
  const spots = spotsOf(seats);
  const wanted = new Set(selectedIds.map(String));
  /** @type {Set<Spot>} */
  const chosen = new Set();
  /** @type {Set<number>} */
  const touched = new Set();
  for (const spot of spots) {
    if (!wanted.has(String(spot.id))) continue;
    chosen.add(spot);
    touched.add(spot.row);
  }
  // Every rule looks only along the rows of the selection.
  /** @type {Map<number, Spot>} row * 1024 + x -> spot */
  const byPlace = new Map();
  for (const spot of spots) if (touched.has(spot.row)) byPlace.set(spot.row * 1024 + spot.x, spot);
  const at = (/** @type {number} */ row, /** @type {number} */ x) => byPlace.get(row * 1024 + x);
  const selected = sortSpots([...chosen]);
  const heldBack = accessibleHeldBack({ now, accessibleReleaseAt });
  if (heldBack) {
    if (accessible !== true) {
      const spaces = selected.filter((s) => s.kind === 'wheelchair');
      if (spaces.length > 0) return problem(ACCESSIBLE_SEAT_HELD_BACK, spaces, spaces[0]?.label);
    }
    /** @type {Spot[]} */
    const alone = [];
    let spaceLabel = '';
    for (const spot of selected) {
      if (spot.kind !== 'companion' || spot.partner === null) continue;
      const space = at(spot.row, spot.partner);
      if (space && space !== spot && space.free && !chosen.has(space)) {
        if (alone.length === 0) spaceLabel = space.label;
        alone.push(spot);
      }
    }
    if (alone.length > 0) {
      return problem(COMPANION_SEAT_ALONE, alone, alone[0]?.label, spaceLabel);
    }
  }
  const takenAfter = (/** @type {Spot} */ s) => !s.free || chosen.has(s);
  /** @type {Set<Spot>} */
  const stranded = new Set();
  for (const spot of selected) {
    for (const side of [-1, 1]) {
      const n = at(spot.row, spot.x + side);
      if (!n || takenAfter(n)) continue;
      const left = at(n.row, n.x - 1);
      const right = at(n.row, n.x + 1);
      // At a block's edge (an aisle beside it) a lone seat is fine.
      if (!left || !right || !takenAfter(left) || !takenAfter(right)) continue;
      // Already stranded before this selection: not this customer's doing.
      if (!left.free && !right.free) continue;
      stranded.add(n);
    }
  }
  if (stranded.size === 0) return null;
  // A strand counts only where the block offers a run of as many seats that strands nothing.
  /** @type {Spot[]} */
  const lonely = [];
  // The block of the last seat looked at (the seats come by row, then x), and its answer.
  let block = { row: -1, hi: -1, avoidable: false };
  for (const spot of sortSpots([...stranded])) {
    if (spot.row !== block.row || spot.x > block.hi) {
      let lo = spot.x;
      while (at(spot.row, lo - 1)) lo--;
      let hi = spot.x;
      while (at(spot.row, hi + 1)) hi++;
      let k = 0;
      for (const s of chosen) if (s.row === spot.row && s.x >= lo && s.x <= hi) k++;
      const noSpaces = heldBack && accessible !== true;
      const avoidable = hasCleanRun(at, spot.row, lo, hi, k, noSpaces, heldBack);
      block = { row: spot.row, hi, avoidable };
    }
    if (block.avoidable) lonely.push(spot);
  }
  return lonely.length > 0 ? problem(SEAT_STRANDED, lonely, lonely[0]?.label) : null;
}

/**
 * Whether the block of `row` from x `lo` to `hi` has a run of `count` free seats that the
 * accessible rules allow (no wheelchair space when `noSpaces`; when `heldBack`, no companion seat
 * without its space while that is free) and whose taking strands no seat beside it. At most
 * 60 x 60 steps on the largest layout.
 * @param {(row: number, x: number) => Spot | undefined} at
 * @param {number} row
 * @param {number} lo
 * @param {number} hi
 * @param {number} count
 * @param {boolean} noSpaces
 * @param {boolean} heldBack
 */
function hasCleanRun(at, row, lo, hi, count, noSpaces, heldBack) {
  let streak = 0;
  for (let end = lo; end <= hi; end++) {
    const spot = /** @type {Spot} */ (at(row, end));
    streak = spot.free && !(noSpaces && spot.kind === 'wheelchair') ? streak + 1 : 0;
    if (streak < count) continue;
    const start = end - count + 1;
    if (heldBack && companionAlone(at, row, start, end)) continue;
    if (strandsAt(at, row, start, -1) || strandsAt(at, row, end, 1)) continue;
    return true;
  }
  return false;
}

/**
 * Whether the run of `row` from x `start` to `end` has a companion seat whose wheelchair space
 * is free and outside the run.
 * @param {(row: number, x: number) => Spot | undefined} at
 * @param {number} row
 * @param {number} start
 * @param {number} end
 */
function companionAlone(at, row, start, end) {
  for (let x = start; x <= end; x++) {
    const spot = /** @type {Spot} */ (at(row, x));
    if (spot.kind !== 'companion' || spot.partner === null) continue;
    if (spot.partner >= start && spot.partner <= end) continue;
    if (at(row, spot.partner)?.free) return true;
  }
  return false;
}

/**
 * Whether taking a run whose seat at `side` is at x `edge` strands the seat beside it: that seat
 * is free and in the block, the one beyond it in the block and not free (so it was not stranded
 * already: the run beside it was free).
 * @param {(row: number, x: number) => Spot | undefined} at
 * @param {number} row
 * @param {number} edge
 * @param {-1 | 1} side
 */
function strandsAt(at, row, edge, side) {
  const next = at(row, edge + side);
  if (!next?.free) return false;
  const beyond = at(row, edge + 2 * side);
  return !!beyond && !beyond.free;
}

/**
 * The best run of `count` seats for a party, as seat ids left to right, or null when there is
 * none: adjacent free seats of one block, all of `category` (without one: of the priciest
 * category that has such a run), none a held-back wheelchair space or companion seat, stranding
 * no seat (so selectionProblem finds nothing wrong with it). Best = nearest the centre line
 * (|mean x - (min x + max x of the map) / 2|), then the row nearest two thirds of the way back,
 * then the front one, then the left one. One pass over the seats per category.
 * @param {ReadonlyArray<SeatState>} seats
 * @param {{count: number, category?: string | null, now: Date, accessibleReleaseAt: Date}} options
 * @returns {Array<number | string> | null}
 */
export function bestAvailable(seats, { count, category, now, accessibleReleaseAt }) {
  if (!Number.isInteger(count) || count < 1 || seats.length === 0) return null;
  const heldBack = accessibleHeldBack({ now, accessibleReleaseAt });
  /** @type {Map<number, Spot[]>} */
  const rows = new Map();
  /** @type {Map<string, number>} category -> its highest price */
  const prices = new Map();
  let minX = Infinity;
  let maxX = -Infinity;
  let minRow = Infinity;
  let maxRow = -Infinity;
  for (const spot of spotsOf(seats)) {
    const row = rows.get(spot.row);
    if (row) row.push(spot);
    else rows.set(spot.row, [spot]);
    const price = prices.get(spot.category);
    if (price === undefined || spot.price > price) prices.set(spot.category, spot.price);
    if (spot.x < minX) minX = spot.x;
    if (spot.x > maxX) maxX = spot.x;
    if (spot.row < minRow) minRow = spot.row;
    if (spot.row > maxRow) maxRow = spot.row;
  }
  for (const row of rows.values()) row.sort((a, b) => a.x - b.x);
  const categories =
    category == null
      ? [...prices.keys()].sort(
          (a, b) => (prices.get(b) ?? 0) - (prices.get(a) ?? 0) || (a < b ? -1 : a > b ? 1 : 0),
        )
      : [category];
  // Doubled (and tripled) distances keep the comparisons in integers.
  const centre2 = minX + maxX;
  const back3 = minRow + 2 * maxRow;
  for (const wanted of categories) {
    /** @type {{row: Spot[], start: number, key: number[]} | null} */
    let best = null;
    for (const [rowPos, row] of rows) {
      const rowKey = Math.abs(3 * rowPos - back3);
      let streak = 0;
      for (let i = 0; i < row.length; i++) {
        const spot = /** @type {Spot} */ (row[i]);
        const eligible =
          spot.free &&
          spot.category === wanted &&
          !(heldBack && (spot.kind === 'wheelchair' || spot.kind === 'companion'));
        const joined = i > 0 && /** @type {Spot} */ (row[i - 1]).x === spot.x - 1;
        streak = eligible ? (joined ? streak + 1 : 1) : 0;
        if (streak < count) continue;
        const start = i - count + 1;
        if (strandsBeside(row, start, -1) || strandsBeside(row, i, 1)) continue;
        const first = /** @type {Spot} */ (row[start]);
        const key = [Math.abs(first.x + spot.x - centre2), rowKey, rowPos, first.x];
        if (best === null || isBefore(key, best.key)) best = { row, start, key };
      }
    }
    if (best) return best.row.slice(best.start, best.start + count).map((s) => s.id);
  }
  return null;
}

/**
 * @typedef {{id: number | string, label: string, row: number, x: number, kind: string,
 *   category: string, price: number, partner: number | null, free: boolean}} Spot
 */

/**
 * Each seat's fields read once, into records of one shape for the loops (the callers' seats come
 * in several: JSON of the seat map, database rows).
 * @param {ReadonlyArray<SeatState>} seats
 * @returns {Spot[]}
 */
function spotsOf(seats) {
  const spots = new Array(seats.length);
  for (let i = 0; i < seats.length; i++) {
    const seat = /** @type {SeatState} */ (seats[i]);
    const kind = seat.kind;
    const status = seat.status;
    spots[i] = {
      id: seat.id,
      label: seat.label,
      row: seat.row_pos,
      x: seat.x,
      kind,
      category: seat.category,
      price: seat.price,
      partner: seat.partner_x,
      free: (status === 'available' || status === 'my_hold') && kind !== 'blocked',
    };
  }
  return spots;
}

/**
 * Whether taking row[end] and its run leaves the seat beside it (on `side`) stranded: that seat
 * is free, in the same block, and the one beyond it is in the block and not free. (Before, the
 * run beside it was free, so it was not stranded already.)
 * @param {ReadonlyArray<Spot>} row spots of one row by x
 * @param {number} end index of the run's seat at that side
 * @param {-1 | 1} side
 */
function strandsBeside(row, end, side) {
  const edge = /** @type {Spot} */ (row[end]);
  const next = row[end + side];
  if (!next || next.x !== edge.x + side || !next.free) return false;
  const beyond = row[end + 2 * side];
  return !!beyond && beyond.x === next.x + side && !beyond.free;
}

/**
 * Front row first, left to right.
 * @param {Spot[]} spots
 */
function sortSpots(spots) {
  return spots.sort((a, b) => a.row - b.row || a.x - b.x);
}

/**
 * @param {number[]} a
 * @param {number[]} b
 */
function isBefore(a, b) {
  for (let i = 0; i < a.length; i++) {
    const d = /** @type {number} */ (a[i]) - /** @type {number} */ (b[i]);
    if (d !== 0) return d < 0;
  }
  return false;
}

/**
 * @param {import('./seating-rules.d.ts').SelectionProblemCode} code
 * @param {Spot[]} spots the seats concerned
 * @param {string} [label] the first of them
 * @param {string} [spaceLabel] its wheelchair space (companion_seat_alone)
 * @returns {import('./seating-rules.d.ts').SelectionProblem}
 */
function problem(code, spots, label = '', spaceLabel = '') {
  return {
    code,
    message: SELECTION_MESSAGES[code](label, spaceLabel),
    seats: spots.map((s) => s.label),
  };
}
