// The rules of choosing seats (packages/contract/src/seating.js, the seat page's own; decision
// 0045) as a hold applies them, inside its transaction: the seats asked for must be free, and
// the selection must strand no single seat where its block has a run that strands none, take no
// wheelchair space before the show's accessible_release_at unless the customer needs one, and no
// companion seat without its free space. The caller has locked every seat of the rows touched
// (sql.ts lockSeatsForHold) and read their states after (reads.ts rowSeatStates), so two holds
// racing in one row take turns and the second sees the first's seats.
import { isFreeSeat, selectionProblem } from '../../../packages/contract/src/seating.js';
import { conflict } from '../http/errors.ts';
import type { SeatState } from './reads.ts';
import { seatsUnavailable } from './rules.ts';

/**
 * Throws a 409 when the selection cannot be held: seats_unavailable naming the seats that are
 * booked, held by someone else or blocked; else the code of the rule it breaks with its
 * message as detail and `seats` (labels).
 */
export function enforceSelectionRules(
  seats: SeatState[],
  c: { seatIds: number[]; now: Date; accessibleReleaseAt: Date; accessible: boolean },
): void {
  const chosen = new Set(c.seatIds);
  const unavailable = seats.filter((s) => chosen.has(s.id) && !isFreeSeat(s)).map((s) => s.label);
  if (unavailable.length > 0) {
    conflict(seatsUnavailable(unavailable), { code: 'seats_unavailable', seats: unavailable });
  }
  const problem = selectionProblem(seats, c.seatIds, {
    now: c.now,
    accessibleReleaseAt: c.accessibleReleaseAt,
    accessible: c.accessible,
  });
  if (problem) conflict(problem.message, { code: problem.code, seats: problem.seats });
}
