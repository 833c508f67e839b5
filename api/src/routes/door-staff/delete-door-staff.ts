// DELETE /api/door-staff/{id}/ (owners only): removes one of the caller's door staff, invited or
// active (docs/decisions/0040-door-staff.md). An active account's sessions end in the same
// transaction, so its next call is a 401 and its next login a 403 (post-login.ts). 404 for
// another owner's entry, an unknown id or one removed already.
import { recordAudit } from '../../audit/sql.ts';
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { notFound, validate } from '../../http/errors.ts';
import { describe } from '../../http/openapi.ts';
import { idParams } from '../../http/params.ts';
import { endUserSessions, removeDoorStaff } from './sql.ts';

export const DOOR_STAFF_NOT_FOUND = 'No such door staff.';

export const deleteDoorStaff = factory.createHandlers(
  describe({
    summary: 'Remove door staff (their sessions end at once)',
    tags: ['door-staff'],
    auth: true,
    answers: { 204: { description: 'Removed' } },
    errors: ['permission_denied', 'not_found'],
  }),
  requireRole('owner'),
  validate('param', idParams),
  async (c) => {
    const { db, clock, user } = c.var;
    const { id } = c.req.valid('param');
    const now = clock();
    const removed = await db.transaction(async (tx) => {
      const row = await removeDoorStaff(tx, { id, ownerId: user.id, now });
      if (!row) return null;
      const sessionsEnded = row.user_id === null ? 0 : await endUserSessions(tx, row.user_id, now);
      await recordAudit(tx, {
        at: now,
        actorId: user.id,
        action: 'door_staff.removed',
        entity: { kind: 'door_staff', id: row.id },
        details: { email: row.email, user_id: row.user_id, sessions_ended: sessionsEnded },
      });
      return row;
    });
    if (!removed) notFound(DOOR_STAFF_NOT_FOUND);
    return c.body(null, 204);
  },
);
