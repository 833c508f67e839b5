// POST /api/tickets/check-in/ {code, show_id?, device_id?, device_name?} (the owner of the
// ticket's theater, their door staff, or an admin): admits a ticket at the door. `code` is a typed
// code or a signed pass (packages/contract/src/ticket-pass.js); a pass whose signature fails is
// 409 forged_ticket. 200 {ticket, checked_in_at, counts} once (readmitted: true after an exit);
// then 409 already_checked_in with the first time, the scan recorded as a duplicate. 409
// ticket_cancelled, too_early (more than CHECK_IN_OPENS_MINUTES before the start), show_ended,
// and with show_id: wrong_show / wrong_theater (a ticket of another show is refused, never
// admitted). 404 for a code that names no ticket, or another owner's ticket (indistinguishable,
// so codes cannot be probed across owners); 403 customers, 401 anonymous. Atomic: the ticket's
// row is locked while its scan is merged with those of every device (booking/door.ts;
// docs/decisions/0042-door-scans-merged-across-devices.md), so two scanners of one ticket get one
// 200 and one 409. Every refusal carries the ticket (when the caller may see it) and the show's
// counts, so the door screen can say why at once.
import { codeOfScan } from '../../../../packages/contract/src/index.js';
import { mergeDoorScan, onlineScan } from '../../booking/door.ts';
import { isInside } from '../../booking/door-merge.ts';
import { lockDoorTicket } from '../../booking/door-sql.ts';
import { CHECK_IN_OPENS_MINUTES, SHOW_NOT_FOUND } from '../../booking/rules.ts';
import { transactionWithRetry } from '../../db/retry.ts';
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { type CodeOf, conflict, notFound, validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { DOOR_ROLES, FORGED_TICKET, forDoor, scannedCode, scopeOf } from './door.ts';
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
 * matter ('3F0C1A52 8A4E ...' is fine); a pass gives its code field, its signature unchecked
 * (codeOfScan, packages/contract/src/ticket-pass.js). Null for anything that cannot be a code.
 */
export const canonicalCode: (input: string) => string | null = codeOfScan;

export const postCheckIn = factory.createHandlers(
  describe({
    summary: 'Admit a ticket at the door by its code or pass',
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
      'forged_ticket',
      'conflict',
    ],
  }),

  requireRole(...DOOR_ROLES),
  validate('json', postCheckInSchema),
  async (c) => {
    const { db, clock, user, config } = c.var;
    const body = c.req.valid('json');
    const now = clock();
    const ownerId = scopeOf(user);
    const showId = body.show_id ?? null;
    const tz = config.appTimezone;

    const door = showId === null ? null : await findDoorShow(db, { showId, ownerId });
    if (showId !== null && !door) notFound(SHOW_NOT_FOUND, { code: 'show_not_found' });
    const scanned = await scannedCode(db, body.code, ownerId);
    if (!scanned.ok && scanned.code === 'forged_ticket') {
      conflict(FORGED_TICKET, {
        code: 'forged_ticket',
        ...(showId === null ? {} : { counts: await checkInCounts(db, showId) }),
      });
    }
    if (!scanned.ok) notFound(UNKNOWN_CODE, { code: 'ticket_not_found' });
    const { code } = scanned;

    // The ticket's row locked, its scan merged with every device's (booking/door.ts): admitted,
    // readmitted after an exit, or a duplicate while the holder is inside. The seat map's change
    // and the audit record are in the same transaction.
    const merged = await transactionWithRetry(db, async (tx) => {
      const ticket = await lockDoorTicket(tx, code);
      if (!ticket || (ownerId !== null && ticket.owner_id !== ownerId)) return null;
      if ((door && ticket.show_id !== door.id) || ticket.is_cancelled) return null;
      const opensAt = ticket.starts_at.getTime() - CHECK_IN_OPENS_MINUTES * 60_000;
      if (!isInside(ticket) && (opensAt > now.getTime() || ticket.ends_at <= now)) return null;
      return await mergeDoorScan(tx, ticket, onlineScan('entry', body, now), user);
    });
    const found = await findDoorTicket(db, { code, tz, earlyMinutes: CHECK_IN_OPENS_MINUTES });
    if (!found || (ownerId !== null && found.facts.owner_id !== ownerId)) {
      notFound(UNKNOWN_CODE, { code: 'ticket_not_found' });
    }
    const { facts } = found;
    const ticket = forDoor(user, found.ticket);
    const counts = await checkInCounts(db, showId ?? ticket.show_id);
    if (merged && (merged.outcome === 'admitted' || merged.outcome === 'readmitted')) {
      const readmitted = merged.outcome === 'readmitted' ? { readmitted: true as const } : {};
      return c.json({ ticket, checked_in_at: now, ...readmitted, counts }, 200);
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
    if (ticket.checked_in_at && !facts.left_at) {
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
