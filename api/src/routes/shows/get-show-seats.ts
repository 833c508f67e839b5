// GET /api/shows/{id}/seats/ (any signed-in user): the seat map, row by row, with each seat's
// status for the caller. booked_by names the booker only for an admin or the owner of the show's
// theater; a customer never learns who booked another seat. An owner gets a 404 for a show in
// another owner's theater.
import { requireToken, userGone } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { notFound, validate } from '../../http/errors.ts';
import { idParams } from '../../http/params.ts';
import { SHOW_NOT_FOUND } from '../bookings/rules.ts';
import { showSeatsJson } from '../seats/sql.ts';

export const getShowSeats = factory.createHandlers(
  // The token only: the map's own query reads the user and the session (one round trip, not two).
  requireToken,
  validate('param', idParams),
  async (c) => {
    const { id } = c.req.valid('param');
    const { userId, sessionId, db, clock } = c.var;
    const { known, seats } = await showSeatsJson(db, id, { userId, sessionId }, clock());
    if (!known) userGone();
    if (seats === null) notFound(SHOW_NOT_FOUND);
    // Already JSON, built by PostgreSQL.
    return c.body(seats, 200, { 'Content-Type': 'application/json' });
  },
);
