// GET /api/screens/{id}/ (the theater's owner, or an admin): one screen with its layout. Another
// owner's screen is answered like one that does not exist (404).
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { notFound, validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { idParams } from '../../http/params.ts';
import { SCREEN_NOT_FOUND, ScreenSchema } from './schemas.ts';
import { screenBody } from './screen.ts';
import { findScreen } from './sql.ts';

export const getScreen = factory.createHandlers(
  describe({
    summary: 'One screen',
    tags: ['screens'],
    auth: true,
    answers: { 200: answer('The screen', ScreenSchema) },
    errors: ['permission_denied', 'screen_not_found'],
  }),
  requireRole('owner', 'admin'),
  validate('param', idParams),
  async (c) => {
    const { user } = c.var;
    const { id } = c.req.valid('param');
    const row = await findScreen(c.var.db, id, user.role === 'owner' ? user.id : null);
    if (!row) notFound(SCREEN_NOT_FOUND, { code: 'screen_not_found' });
    return c.json(screenBody(row));
  },
);
