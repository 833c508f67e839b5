// GET /api/profile/ (Bearer): the signed-in account.
import { requireAuth } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';

export const getProfile = factory.createHandlers(requireAuth, (c) => {
  const { id, username, email, role } = c.var.user;
  return c.json({ id, username, email, role });
});
