// POST /api/onsale/{id}/waitlist/ {seats} (customers only): joins a sold-out show's waitlist for
// 1 to 10 seats; joining again keeps the place (and takes the new number of seats). When seats
// are freed (a cancellation, a lapsed hold) the first entry whose quantity fits is offered them
// as a hold in the customer's name for HOLD_MINUTES; unpaid, the offer passes to the next.
// Joins that change the entry are counted per account (onsale/limits.ts): past the limits a 429
// that writes nothing. docs/decisions/0031-on-sale-waiting-room.md.
import { SHOW_NOT_FOUND, SHOW_STARTED } from '../../booking/rules.ts';
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { conflict, notFound, validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { idParams } from '../../http/params.ts';
import { joinWaitlistLimited } from '../../onsale/limits.ts';
import { NOT_SOLD_OUT, SALES_NOT_OPEN } from '../../onsale/rules.ts';
import { findSaleSettings } from '../../onsale/sql.ts';
import { freeSeatIds } from '../../onsale/waitlist-sql.ts';
import { postWaitlistSchema, WaitlistEntrySchema } from './schemas.ts';
import { waitlistEntry } from './waitlist.ts';

export const postWaitlist = factory.createHandlers(
  describe({
    summary: 'Join a sold-out show’s waitlist',
    tags: ['onsale'],
    auth: true,
    answers: { 200: answer('The caller’s entry', WaitlistEntrySchema) },
    errors: [
      'permission_denied',
      'not_found',
      ['not_sold_out', 'Seats are free, sales not open, or the show started.'],
      'sales_not_open',
      'show_started',
      'too_many_requests',
    ],
  }),

  requireRole('user'),
  validate('param', idParams),
  validate('json', postWaitlistSchema),
  async (c) => {
    const { id } = c.req.valid('param');
    const { seats } = c.req.valid('json');
    const { db, user, clock } = c.var;
    const now = clock();
    const show = await findSaleSettings(db, id);
    if (!show) notFound(SHOW_NOT_FOUND);
    if (show.starts_at <= now) conflict(SHOW_STARTED, { code: 'show_started' });
    if (show.sales_open_at && show.sales_open_at > now) {
      conflict(SALES_NOT_OPEN, { code: 'sales_not_open', sales_open_at: show.sales_open_at });
    }
    if ((await freeSeatIds(db, id, now)).length > 0) {
      conflict(NOT_SOLD_OUT, { code: 'not_sold_out' });
    }
    await joinWaitlistLimited(db, { showId: id, userId: user.id, seats, now });
    const entry = await waitlistEntry(c.var, id, user.id, now, { joined: true });
    if (!entry) throw new Error(`The waitlist entry of user ${user.id} vanished`);
    return c.json(entry);
  },
);
