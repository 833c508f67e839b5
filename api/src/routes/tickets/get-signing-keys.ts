// GET /api/tickets/signing-keys/ (owners only): the keys the caller's ticket passes are signed
// with (docs/decisions/0041-signed-ticket-passes.md), the active one and the retired ones that
// still verify, newest first; public halves only. Empty until the first pass is signed. An admin
// has no keys of its own (a show's keys reach the door with its offline data), and door staff
// scan, they do not manage keys: both 403.
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { answer, describe } from '../../http/openapi.ts';
import { signingKeysOf } from '../../tickets/signing.ts';
import { SigningKeyListSchema } from './schemas.ts';

export const getSigningKeys = factory.createHandlers(
  describe({
    summary: 'The caller’s ticket signing keys',
    tags: ['tickets'],
    auth: true,
    answers: { 200: answer('Active and retired keys, newest first', SigningKeyListSchema) },
    errors: ['permission_denied'],
  }),
  requireRole('owner'),
  async (c) => {
    const { db, user } = c.var;
    return c.json({ results: await signingKeysOf(db, user.id) }, 200);
  },
);
