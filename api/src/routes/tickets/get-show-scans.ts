// GET /api/tickets/check-in/shows/{id}/scans/ (the owner, their door staff, an admin; scope as
// check-in): the show's door at a glance (docs/decisions/0042-door-scans-merged-across-devices.md):
// admitted, sold and inside; per device its admissions, duplicates and last scan; each duplicate
// with the admission it came after (device and time of both). 404 show_not_found outside scope.
import { SHOW_NOT_FOUND } from '../../booking/rules.ts';
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { notFound, validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { idParams } from '../../http/params.ts';
import { DOOR_ROLES, scopeOf } from './door.ts';
import { deviceCounts, scanCounts, showDuplicates } from './scans-sql.ts';
import { findDoorShow } from './sql.ts';
import { ShowScansSchema } from './sync-schemas.ts';

export const getShowScans = factory.createHandlers(
  describe({
    summary: 'A show’s scans: counts, per device, and the duplicates',
    tags: ['tickets'],
    auth: true,
    answers: { 200: answer('Counts, devices and duplicates', ShowScansSchema) },
    errors: ['permission_denied', 'show_not_found'],
  }),
  requireRole(...DOOR_ROLES),
  validate('param', idParams),
  async (c) => {
    const { db, user } = c.var;
    const { id } = c.req.valid('param');
    const show = await findDoorShow(db, { showId: id, ownerId: scopeOf(user) });
    if (!show) notFound(SHOW_NOT_FOUND, { code: 'show_not_found' });
    const [counts, devices, duplicates] = await Promise.all([
      scanCounts(db, id),
      deviceCounts(db, id),
      showDuplicates(db, id),
    ]);
    return c.json({ counts, devices, duplicates }, 200);
  },
);
