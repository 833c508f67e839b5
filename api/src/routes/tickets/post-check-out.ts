// POST /api/tickets/check-in/exit/ {code, show_id, device_id?, device_name?} (the owner of the
// ticket's theater, their door staff, or an admin): a holder inside leaves, to be admitted again
// later (re-entry; docs/decisions/0042-door-scans-merged-across-devices.md). 200 {ticket,
// left_at, counts}; 409 not_checked_in when the ticket is not inside (never admitted, or out
// already), forged_ticket for a pass whose signature fails, ticket_cancelled, wrong_show /
// wrong_theater; 404 as check-in. The exit is a scan merged like an entry (booking/door.ts),
// under the ticket's row lock, and audited (ticket.exited).
import { mergeDoorScan, onlineScan } from '../../booking/door.ts';
import { lockDoorTicket } from '../../booking/door-sql.ts';
import { CHECK_IN_OPENS_MINUTES, SHOW_NOT_FOUND } from '../../booking/rules.ts';
import { transactionWithRetry } from '../../db/retry.ts';
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { type CodeOf, conflict, notFound, validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { DOOR_ROLES, FORGED_TICKET, forDoor, scannedCode, scopeOf } from './door.ts';
import { TICKET_WAS_CANCELLED, UNKNOWN_CODE, wrongShow, wrongTheater } from './post-check-in.ts';
import { CheckOutSchema, postCheckOutSchema } from './schemas.ts';
import { checkInCounts, findDoorShow, findDoorTicket } from './sql.ts';

export const NOT_INSIDE = 'This ticket is not checked in: there is no one to let out.';

export const postCheckOut = factory.createHandlers(
  describe({
    summary: 'Let a ticket holder out, to be admitted again (re-entry)',
    tags: ['tickets'],
    auth: true,
    answers: { 200: answer('Left: the ticket, when, and the show’s counts', CheckOutSchema) },
    errors: [
      'permission_denied',
      ['ticket_not_found', 'Unknown code, or another owner’s ticket.'],
      'show_not_found',
      'not_checked_in',
      'ticket_cancelled',
      'wrong_show',
      'wrong_theater',
      'forged_ticket',
    ],
  }),
  requireRole(...DOOR_ROLES),
  validate('json', postCheckOutSchema),
  async (c) => {
    const { db, clock, user, config } = c.var;
    const body = c.req.valid('json');
    const now = clock();
    const ownerId = scopeOf(user);
    const door = await findDoorShow(db, { showId: body.show_id, ownerId });
    if (!door) notFound(SHOW_NOT_FOUND, { code: 'show_not_found' });
    const counts0 = () => checkInCounts(db, door.id);
    const scanned = await scannedCode(db, body.code, ownerId);
    if (!scanned.ok && scanned.code === 'forged_ticket') {
      conflict(FORGED_TICKET, { code: 'forged_ticket', counts: await counts0() });
    }
    if (!scanned.ok) notFound(UNKNOWN_CODE, { code: 'ticket_not_found' });
    const { code } = scanned;

    const merged = await transactionWithRetry(db, async (tx) => {
      const ticket = await lockDoorTicket(tx, code);
      if (!ticket || (ownerId !== null && ticket.owner_id !== ownerId)) return null;
      if (ticket.show_id !== door.id || ticket.is_cancelled) return null;
      if (ticket.checked_in_at === null || ticket.left_at !== null) return null;
      return await mergeDoorScan(tx, ticket, onlineScan('exit', body, now), user);
    });
    const found = await findDoorTicket(db, {
      code,
      tz: config.appTimezone,
      earlyMinutes: CHECK_IN_OPENS_MINUTES,
    });
    if (!found || (ownerId !== null && found.facts.owner_id !== ownerId)) {
      notFound(UNKNOWN_CODE, { code: 'ticket_not_found' });
    }
    const ticket = forDoor(user, found.ticket);
    const counts = await counts0();
    if (merged?.outcome === 'exited') {
      return c.json({ ticket, left_at: now, counts }, 200);
    }
    const refuse = (detail: string, code: CodeOf<409>): never =>
      conflict(detail, { code, ticket, counts });
    if (ticket.show_id !== door.id) {
      if (found.facts.theater_id !== door.theater_id) {
        refuse(wrongTheater(ticket.theater_name, ticket.show), 'wrong_theater');
      }
      refuse(wrongShow(ticket.show), 'wrong_show');
    }
    if (ticket.is_cancelled) refuse(TICKET_WAS_CANCELLED, 'ticket_cancelled');
    return refuse(NOT_INSIDE, 'not_checked_in');
  },
);
