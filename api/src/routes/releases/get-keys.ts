// GET /api/releases/keys/ (admin user; never a deploy key): every deploy key, newest first, with
// its scope, expiry, revocation and last use; never a secret (none is kept).
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { answer, describe } from '../../http/openapi.ts';
import { keyJson } from '../../releases/keys/keys.ts';
import { KeysSchema } from '../../releases/keys/schemas.ts';
import { listKeys } from '../../releases/keys/sql.ts';

export const getKeys = factory.createHandlers(
  describe({
    summary: 'The deploy keys',
    tags: ['releases'],
    auth: true,
    answers: { 200: answer('Newest first', KeysSchema) },
    errors: ['permission_denied'],
  }),
  requireRole('admin'),
  async (c) => {
    const { db, clock } = c.var;
    const now = clock();
    return c.json({ results: (await listKeys(db)).map((row) => keyJson(row, now)) });
  },
);
