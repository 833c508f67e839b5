// POST /api/token/refresh/ {refresh}: a new access token and a new refresh token (the old one is
// spent; presenting it again revokes the whole session). The product's own apps send `{}` and the
// refresh token travels in its HttpOnly cookie instead (refresh-cookie.ts); then the rotated token
// goes back only in the cookie, so a script that makes this call gets an access token, never the
// session itself (docs/decisions/0028-refresh-token-in-an-httponly-cookie.md).
import { factory } from '../../http/context.ts';
import { unauthorized, validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { INVALID_REFRESH } from './messages.ts';
import {
  clearRefreshCookie,
  refreshFromCookie,
  refreshRequired,
  setRefreshCookie,
} from './refresh-cookie.ts';
import { refreshSchema, TokensSchema } from './schemas.ts';
import { rotateRefreshToken } from './sessions.ts';

export const postTokenRefresh = factory.createHandlers(
  describe({
    summary: 'Trade a refresh token for new tokens',
    description:
      'The refresh token comes in the body, or else in the HttpOnly `cinebook_refresh` cookie that ' +
      'login set. From the cookie, the rotated token is set in the cookie again and left out of ' +
      'the body.',
    tags: ['accounts'],
    answers: {
      200: answer(
        'The new tokens (the refresh token rotates)',
        TokensSchema.partial({ refresh: true }),
      ),
    },
    errors: [
      ['token_not_valid', 'Unknown, expired, revoked or reused refresh token.'],
      ['origin_not_allowed', 'The session cookie was sent from an origin that may not use it.'],
    ],
  }),
  validate('json', refreshSchema.partial()),
  async (c) => {
    const { db, config, clock } = c.var;
    const fromBody = c.req.valid('json').refresh;
    const refresh = fromBody ?? refreshFromCookie(c);
    if (!refresh) refreshRequired();
    const result = await rotateRefreshToken(db, config, refresh, clock());
    if (!result.ok) {
      if (fromBody === undefined) clearRefreshCookie(c);
      unauthorized(INVALID_REFRESH, { code: 'token_not_valid' });
    }
    c.header('Cache-Control', 'no-store');
    if (fromBody !== undefined) return c.json(result.tokens);
    setRefreshCookie(c, result.tokens.refresh);
    return c.json({ access: result.tokens.access });
  },
);
