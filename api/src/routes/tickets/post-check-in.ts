// POST /api/tickets/check-in/ {code, show_id?} (the owner of the ticket's theater, or an admin):
// admits a ticket at the door. 200 {ticket, checked_in_at, counts} once; then 409
// already_checked_in with the first time. 409 ticket_cancelled, too_early (more than
// CHECK_IN_OPENS_MINUTES before the start), show_ended, and with show_id: wrong_show /
// wrong_theater (a ticket of another show is refused, never admitted). 404 for a code that names
// no ticket, or another owner's ticket (indistinguishable, so codes cannot be probed across
// owners); 403 customers, 401 anonymous. Atomic: the admission is one conditional UPDATE, so two
// scanners of one ticket get one 200 and one 409. Every refusal carries the ticket (when the
// caller may see it) and the show's counts, so the door screen can say why at once.
import { recordAudit } from '../../audit/sql.ts';
import { CHECK_IN_OPENS_MINUTES, SHOW_NOT_FOUND } from '../../booking/rules.ts';
import { checkInByCode, recordSeatChange } from '../../booking/sql.ts';
import { transactionWithRetry } from '../../db/retry.ts';
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { type CodeOf, conflict, notFound, validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { CheckInSchema, postCheckInSchema } from './schemas.ts';
import { checkInCounts, findDoorShow, findDoorTicket } from './sql.ts';

export const UNKNOWN_CODE = 'Unknown ticket code.';
export const TICKET_WAS_CANCELLED = 'This ticket was cancelled.';
export const SHOW_ENDED = 'This show has already ended.';
export const alreadyCheckedIn = (time: string) => `Already checked in at ${time}.`;
export const tooEarly = (time: string) =>
  `Too early: check-in opens at ${time}, ${CHECK_IN_OPENS_MINUTES} minutes before the show.`;
export const wrongShow = (show: string) => `This ticket is for another show: ${show}.`;
export const wrongTheater = (theater: string, show: string) =>
  `This ticket is for another theater: ${theater} (${show}).`;

/**
 * The canonical form of a ticket code as typed or scanned: case, spaces and dashes do not
 * matter ('3F0C1A52 8A4E ...' is fine). Null for anything that cannot be a code.
 */
export function canonicalCode(input: string): string | null {
  const hex = input.replace(/[\s-]/g, '').toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(hex)) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const postCheckIn = factory.createHandlers(
  describe({
    summary: 'Admit a ticket at the door by its code',
    tags: ['tickets'],
    auth: true,
    answers: { 200: answer('Admitted: the ticket, when, and the show’s counts', CheckInSchema) },
    errors: [
      'permission_denied',
      [
        'ticket_not_found',
        'Unknown code, another owner’s ticket, or (show_id) a show not the caller’s.',
      ],
      'show_not_found',
      [
        'already_checked_in',
        'Not admitted (with `ticket` and `counts`): `checked_in_at` says when it was, `opens_at` when doors open.',
      ],
      'ticket_cancelled',
      'too_early',
      'show_ended',
      'wrong_show',
      'wrong_theater',
      'conflict',
    ],
  }),

  requireRole('owner', 'admin'),
  validate('json', postCheckInSchema),
  async (c) => {
    const { db, clock, user, config } = c.var;
    const body = c.req.valid('json');
    const now = clock();
    const ownerId = user.role === 'owner' ? user.id : null;
    const showId = body.show_id ?? null;
    const tz = config.appTimezone;

    const door = showId === null ? null : await findDoorShow(db, { showId, ownerId });
    if (showId !== null && !door) notFound(SHOW_NOT_FOUND, { code: 'show_not_found' });
    const code = canonicalCode(body.code);
    if (!code) notFound(UNKNOWN_CODE, { code: 'ticket_not_found' });

    // The admission and the seat map's change in one transaction: the owner's map (cached by
    // seats_version, live through seat events) marks the seat checked in.
    const admitted = await transactionWithRetry(db, async (tx) => {
      const done = await checkInByCode(tx, {
        code,
        now,
        ownerId,
        showId,
        earlyMinutes: CHECK_IN_OPENS_MINUTES,
      });
      if (done) {
        await recordSeatChange(tx, { showId: done.show_id, seatIds: [done.seat_id], now });
        // Who admitted whom at the door; never the ticket's code.
        await recordAudit(tx, {
          at: now,
          actorId: user.id,
          action: 'ticket.checked_in',
          entity: { kind: 'booking', id: done.id },
          details: { show_id: done.show_id, seat_id: done.seat_id, role: user.role },
        });
      }
      return done;
    });
    // After the UPDATE, so a racing scanner's admission is seen (a statement of its own).
    const found = await findDoorTicket(db, { code, tz, earlyMinutes: CHECK_IN_OPENS_MINUTES });
    if (!found || (ownerId !== null && found.facts.owner_id !== ownerId)) {
      notFound(UNKNOWN_CODE, { code: 'ticket_not_found' });
    }
    const { ticket, facts } = found;
    const counts = await checkInCounts(db, showId ?? ticket.show_id);
    if (admitted) {
      return c.json({ ticket, checked_in_at: admitted.checked_in_at, counts }, 200);
    }

    const refuse = (
      detail: string,
      code: CodeOf<409>,
      extra: Record<string, unknown> = {},
    ): never => conflict(detail, { code, ticket, counts, ...extra });
    if (door && ticket.show_id !== door.id) {
      if (facts.theater_id !== door.theater_id) {
        refuse(wrongTheater(ticket.theater_name, ticket.show), 'wrong_theater');
      }
      refuse(wrongShow(ticket.show), 'wrong_show');
    }
    if (ticket.is_cancelled) refuse(TICKET_WAS_CANCELLED, 'ticket_cancelled');
    if (ticket.checked_in_at) {
      refuse(alreadyCheckedIn(facts.checked_in_time ?? ''), 'already_checked_in', {
        checked_in_at: ticket.checked_in_at,
      });
    }
    if (facts.opens_at > now) {
      refuse(tooEarly(facts.opens_time), 'too_early', { opens_at: facts.opens_at });
    }
    if (facts.ends_at <= now) refuse(SHOW_ENDED, 'show_ended');
    // Nothing above applies, yet nothing was admitted: the ticket changed in between.
    return refuse('The ticket changed meanwhile. Please scan it again.', 'conflict');
  },
);
