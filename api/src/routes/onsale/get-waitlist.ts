// GET /api/onsale/{id}/waitlist/ (customers only): the caller's waitlist entry: their place, or
// the hold offered to them (pay for it at holds/{id}/confirm/ before offer_expires_at).
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { notFound, validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { idParams } from '../../http/params.ts';
import { NOT_ON_WAITLIST } from '../../onsale/rules.ts';
import { WaitlistEntrySchema } from './schemas.ts';
import { waitlistEntry } from './waitlist.ts';

export const getWaitlist = factory.createHandlers(
  describe({
    summary: 'My entry on a show’s waitlist',
    tags: ['onsale'],
    auth: true,
    answers: { 200: answer('The caller’s entry', WaitlistEntrySchema) },
    errors: ['permission_denied', ['not_on_waitlist', 'Not on the waitlist.']],
  }),

  requireRole('user'),
  validate('param', idParams),
  async (c) => {
    const { id } = c.req.valid('param');
    const { user, clock } = c.var;
    const entry = await waitlistEntry(c.var, id, user.id, clock());
    if (!entry) notFound(NOT_ON_WAITLIST, { code: 'not_on_waitlist' });
    return c.json(entry);
  },
);
