// GET /api/screens/?theater={id} (the theater's owner, or an admin): the theater's screens,
// oldest first, each with its layout (docs/decisions/0045-screens-and-seat-layouts.md). Another
// owner's theater is answered like one that does not exist (404).
import { z } from 'zod';
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { notFound, validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { bodyId } from '../../http/params.ts';
import { ScreenSchema, THEATER_NOT_FOUND } from './schemas.ts';
import { screenBody } from './screen.ts';
import { listScreens } from './sql.ts';

export const THEATER_QUERY = 'Please select a theater.';

const query = z.object({ theater: bodyId(THEATER_QUERY) });

export const getScreens = factory.createHandlers(
  describe({
    summary: 'A theater’s screens',
    tags: ['screens'],
    auth: true,
    answers: { 200: answer('Oldest first', z.object({ results: z.array(ScreenSchema) })) },
    errors: ['permission_denied', 'theater_not_found'],
  }),
  requireRole('owner', 'admin'),
  validate('query', query),
  async (c) => {
    const { user } = c.var;
    const { theater } = c.req.valid('query');
    const rows = await listScreens(c.var.db, theater, user.role === 'owner' ? user.id : null);
    if (!rows) notFound(THEATER_NOT_FOUND, { code: 'theater_not_found' });
    return c.json({ results: rows.map(screenBody) });
  },
);
