// GET /api/profile/ (Bearer): the signed-in account, whatever its role (door staff too).
import { requireAnyAccount } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { answer, describe } from '../../http/openapi.ts';
import { UserSchema } from './schemas.ts';

export const getProfile = factory.createHandlers(
  describe({
    summary: 'The signed-in user',
    tags: ['accounts'],
    auth: true,
    answers: { 200: answer('The user', UserSchema) },
    errors: [],
  }),
  // Door staff too (docs/decisions/0040-door-staff.md).
  requireAnyAccount,
  (c) => {
    const { id, username, email, role } = c.var.user;
    return c.json({ id, username, email, role });
  },
);
