// GET /api/door-staff/ (owners only): the caller's door staff, invited and active, newest first
// (docs/decisions/0040-door-staff.md). Never another owner's.
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { answer, describe } from '../../http/openapi.ts';
import { DoorStaffListSchema } from './schemas.ts';
import { listDoorStaff } from './sql.ts';

export const getDoorStaff = factory.createHandlers(
  describe({
    summary: 'The door staff of the caller',
    tags: ['door-staff'],
    auth: true,
    answers: { 200: answer('Invited and active door staff', DoorStaffListSchema) },
    errors: ['permission_denied'],
  }),
  requireRole('owner'),
  async (c) => {
    const rows = await listDoorStaff(c.var.db, c.var.user.id);
    return c.json({ results: rows });
  },
);
