// GET /api/tickets/check-in/shows/{id}/offline/ (the owner, their door staff, an admin; scope as
// check-in): what a scanner keeps to decide alone with no network
// (docs/decisions/0042-door-scans-merged-across-devices.md): the show as the day's list has it,
// the server's time (the device's offset), every key of the show's owner, active or retired, and
// each ticket as the SHA-256 of its code, never the code itself (a stolen scanner lists no
// admissible codes), with its seat, whether it is cancelled and whether its holder is inside.
// 404 show_not_found outside the caller's scope.
import { Buffer } from 'node:buffer';
import { CHECK_IN_OPENS_MINUTES, SHOW_NOT_FOUND } from '../../booking/rules.ts';
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { notFound, validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { idParams } from '../../http/params.ts';
import { publicKeysOf } from '../../tickets/signing.ts';
import { DOOR_ROLES, scopeOf } from './door.ts';
import { offlineTickets } from './scans-sql.ts';
import { doorShows, ownerOfShow } from './sql.ts';
import { OfflineShowSchema } from './sync-schemas.ts';

const encoder = new TextEncoder();

/** base64url (no padding) SHA-256 of a canonical code: what a scanner compares a scan with. */
export async function codeHash(code: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(code));
  return Buffer.from(digest).toString('base64url');
}

export const getOfflineShow = factory.createHandlers(
  describe({
    summary: 'A show’s data for a scanner working offline',
    tags: ['tickets'],
    auth: true,
    answers: { 200: answer('The show, the keys and the tickets (hashed)', OfflineShowSchema) },
    errors: ['permission_denied', 'show_not_found'],
  }),
  requireRole(...DOOR_ROLES),
  validate('param', idParams),
  async (c) => {
    const { db, clock, user, config } = c.var;
    const { id } = c.req.valid('param');
    const now = clock();
    const [show] = await doorShows(db, {
      ownerId: scopeOf(user),
      now,
      tz: config.appTimezone,
      earlyMinutes: CHECK_IN_OPENS_MINUTES,
      showId: id,
    });
    if (!show) notFound(SHOW_NOT_FOUND, { code: 'show_not_found' });
    const owner = await ownerOfShow(db, id);
    const keys = owner === null ? [] : await publicKeysOf(db, owner);
    const tickets = await Promise.all(
      (await offlineTickets(db, id)).map(async (t) => ({
        hash: await codeHash(t.code),
        seat_label: t.seat_label,
        status: t.is_cancelled ? ('cancelled' as const) : ('live' as const),
        checked_in: t.inside,
      })),
    );
    return c.json({ show, server_time: now, keys, tickets }, 200);
  },
);
