// POST /api/token/refresh/ {refresh}: a new access token and a new refresh token (the old one is
// spent; presenting it again revokes the whole session).
import { factory } from '../../http/context.ts';
import { unauthorized, validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { INVALID_REFRESH } from './messages.ts';
import { refreshSchema, TokensSchema } from './schemas.ts';
import { rotateRefreshToken } from './sessions.ts';

export const postTokenRefresh = factory.createHandlers(
  describe({
    summary: 'Trade a refresh token for new tokens',
    tags: ['accounts'],
    answers: { 200: answer('The new tokens (the refresh token rotates)', TokensSchema) },
    errors: [400, [401, 'Unknown, expired, revoked or reused refresh token.']],
  }),

  validate('json', refreshSchema),
  async (c) => {
    const { db, config, clock } = c.var;
    const { refresh } = c.req.valid('json');
    const result = await rotateRefreshToken(db, config, refresh, clock());
    if (!result.ok) unauthorized(INVALID_REFRESH, { code: 'token_not_valid' });
    return c.json(result.tokens);
  },
);
