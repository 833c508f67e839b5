// GET /api/tickets/check-in/shows/ (owners: their theaters; door staff: their owner's; admins:
// all): the shows to check in today (local date, config.appTimezone, plus any still running from
// the day before and any of tomorrow whose check-in has opened), each with when check-in opens
// and its admitted / sold counts, for the door's show picker.
import { z } from 'zod';
import { CHECK_IN_OPENS_MINUTES } from '../../booking/rules.ts';
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { answer, describe } from '../../http/openapi.ts';
import { DOOR_ROLES, scopeOf } from './door.ts';
import { CheckInShowSchema } from './schemas.ts';
import { doorShows } from './sql.ts';

export const getCheckInShows = factory.createHandlers(
  describe({
    summary: 'Today’s shows to check in, with admitted and sold counts',
    tags: ['tickets'],
    auth: true,
    answers: { 200: answer('By start time', z.array(CheckInShowSchema)) },
    errors: ['permission_denied'],
  }),
  requireRole(...DOOR_ROLES),
  async (c) => {
    const { db, clock, user, config } = c.var;
    const shows = await doorShows(db, {
      ownerId: scopeOf(user),
      now: clock(),
      tz: config.appTimezone,
      earlyMinutes: CHECK_IN_OPENS_MINUTES,
    });
    return c.json(shows);
  },
);
