// How the load tools' customers choose a seat again after POST holds/ said no (taken meanwhile,
// or the seat-rules of docs/decisions/0045-screens-and-seat-layouts.md: it would leave a single
// seat stranded). Like a person at the seat map: a free seat the rules allow, nearest the one
// they wanted. Reads the seat map as GET shows/{id}/seats/ answers it (seat-rules.js's SeatState).
import { selectionProblem } from '../../packages/contract/src/seating.js';

/** Answers of POST holds/ after which a customer picks another seat (409 codes). */
export const PICK_AGAIN = new Set(['seats_unavailable', 'seat_stranded']);

/**
 * The rules as a customer who needs no wheelchair space meets them before the accessible
 * release: wheelchair spaces and lone companion seats are not theirs to take.
 */
const ORDINARY = { now: new Date(0), accessibleReleaseAt: new Date(1), accessible: false };

/**
 * Whether one customer may hold these seats by the rules (not whether they are still free).
 * @param {import('../../packages/contract/src/seating.js').SeatState[]} map
 * @param {(number | string)[]} ids
 */
export const allowedAlone = (map, ids) => selectionProblem(map, ids, ORDINARY) === null;

/**
 * The free seat nearest `wantedId` (same row first, then the nearest rows; the nearer x) that
 * one customer may hold alone, among `among` when given (a test's raced seats); null when none
 * is left.
 * @param {import('../../packages/contract/src/seating.js').SeatState[]} map
 * @param {number | string | undefined} wantedId
 * @param {ReadonlyArray<number | string>} [among]
 * @returns {number | null}
 */
export function nextSeat(map, wantedId, among) {
  const wanted = map.find((s) => s.id === wantedId) ?? map[0];
  if (!wanted) return null;
  const candidates = map
    .filter(
      (s) => s.status === 'available' && s.kind !== 'blocked' && (!among || among.includes(s.id)),
    )
    .map((s) => ({
      s,
      d: Math.abs(s.row_pos - wanted.row_pos) * 1000 + Math.abs(s.x - wanted.x),
    }))
    .sort((a, b) => a.d - b.d);
  for (const { s } of candidates) {
    if (allowedAlone(map, [s.id])) return /** @type {number} */ (s.id);
  }
  return null;
}

/**
 * Free seats that no customer of one seat may take now (each would strand a neighbour while its
 * block has a seat that strands none). The rules let a seat through when every seat of its
 * block would strand one (X _ _ X), so after a race of one-seat customers this is 0.
 * @param {import('../../packages/contract/src/seating.js').SeatState[]} map
 */
export function leftForGroups(map) {
  return map.filter(
    (s) => s.status === 'available' && s.kind !== 'blocked' && !allowedAlone(map, [s.id]),
  ).length;
}
