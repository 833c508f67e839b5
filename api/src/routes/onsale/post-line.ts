// POST /api/onsale/{id}/line/ (customers only): joins a high-demand show's waiting line, from
// LINE_EARLY_MINUTES before its sales open until it starts. Idempotent: one place per account,
// and joining again answers the same place (leaving the page and coming back keeps it). After an
// admission that ran out unused, or after leaving, joining again goes to the back of the line.
// Fans who join before the opening are placed in random order, later ones in arrival order
// (onsale/sql.ts joinLinesFirst; docs/decisions/0031-on-sale-waiting-room.md). Joins that change the
// place are counted per account (onsale/limits.ts): past the limits a 429 that writes nothing.
import { SHOW_NOT_FOUND, SHOW_STARTED } from '../../booking/rules.ts';
import { requireRoleFromMemory } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { conflict, notFound, validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { idParams } from '../../http/params.ts';
import { joinLineLimited } from '../../onsale/limits.ts';
import { lineOpensAt } from '../../onsale/line.ts';
import { LINE_NOT_OPEN, NO_WAITING_ROOM } from '../../onsale/rules.ts';
import { saleSettings } from '../../onsale/settings-memory.ts';
import { placeInLine } from './place.ts';
import { LinePlaceSchema } from './schemas.ts';

export const postLine = factory.createHandlers(
  describe({
    summary: 'Join a high-demand show’s waiting line (idempotent)',
    tags: ['onsale'],
    auth: true,
    answers: { 200: answer('The caller’s place', LinePlaceSchema) },
    errors: [
      'permission_denied',
      'not_found',
      [
        'no_waiting_room',
        'No line for this show, not open yet (with `line_opens_at`), or the show started.',
      ],
      'line_not_open',
      'show_started',
      'too_many_requests',
    ],
  }),

  requireRoleFromMemory('user'),
  validate('param', idParams),
  async (c) => {
    const { id } = c.req.valid('param');
    const { db, userId, clock, config } = c.var;
    const now = clock();
    const show = await saleSettings(db, id, now);
    if (!show) notFound(SHOW_NOT_FOUND);
    if (show.starts_at <= now) conflict(SHOW_STARTED, { code: 'show_started' });
    if (!show.high_demand) conflict(NO_WAITING_ROOM, { code: 'no_waiting_room' });
    const opensAt = lineOpensAt(show);
    if (opensAt && opensAt > now) {
      conflict(LINE_NOT_OPEN, { code: 'line_not_open', line_opens_at: opensAt });
    }
    const row = await joinLineLimited(db, { showId: id, userId, opensAt: show.sales_open_at, now });
    const place = await placeInLine(db, config, show, userId, now, { row });
    if (!place) throw new Error(`The place of user ${userId} in line ${id} vanished`);
    return c.json(place);
  },
);
