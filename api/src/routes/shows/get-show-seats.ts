// GET /api/shows/{id}/seats/ (any signed-in user): the seat map, row by row, with each seat's
// status for the caller. booked_by names the booker only for an admin or the owner of the show's
// theater; a customer never learns who booked another seat. An owner gets a 404 for a show in
// another owner's theater.

import { z } from 'zod';
import { SHOW_NOT_FOUND } from '../../booking/rules.ts';
import { SeatSchema } from '../../booking/schemas.ts';
import { requireToken, userGone } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { notFound, validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { idParams } from '../../http/params.ts';
import { showSeatsJson } from './sql.ts';

export const getShowSeats = factory.createHandlers(
  describe({
    summary: 'The seat map of a show',
    tags: ['shows'],
    auth: true,
    answers: {
      200: answer(
        'Every seat, row then column, with its status for the caller',
        z.array(SeatSchema),
      ),
    },
    errors: [400, 401, 404],
  }),

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
