// POST /api/login/ {email_or_username, password}: a session for the right password. Unknown
// account and wrong password answer alike, in about the same time. Failures are throttled per
// network, per account, and per account from everywhere (login-limits.ts): they stop the guesser,
// not the owner, who still signs in from a network the account used before.
import { z } from 'zod';
import {
  hashPassword,
  needsRehash,
  verifyDummyPassword,
  verifyPassword,
} from '../../auth/passwords.ts';
import { factory } from '../../http/context.ts';
import { forbidden, unauthorized, validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { doorAccountLive } from '../../users/door-staff.ts';
import { findUserByLogin, updateUser } from '../../users/sql.ts';
import { admitLoginAttempt, loginSucceeded } from './login-limits.ts';
import { DOOR_STAFF_REMOVED, INVALID_CREDENTIALS } from './messages.ts';
import { setRefreshCookie } from './refresh-cookie.ts';
import { LoginAnswerSchema, loginIdentifierField } from './schemas.ts';
import { startSession } from './sessions.ts';

const schema = z.object({
  email_or_username: loginIdentifierField,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(1024, INVALID_CREDENTIALS),
});

export const postLogin = factory.createHandlers(
  describe({
    summary: 'Sign in',
    tags: ['accounts'],
    answers: { 200: answer('Tokens and the user', LoginAnswerSchema) },
    errors: [
      ['invalid_credentials', 'Wrong email, username or password.'],
      'door_staff_removed',
      'too_many_requests',
    ],
  }),
  validate('json', schema),
  async (c) => {
    const { db, config, clock, clientIp } = c.var;
    const { email_or_username: identifier, password } = c.req.valid('json');
    const now = clock();
    const user = await findUserByLogin(db, identifier);

    // The account is the user when there is one (email and username share it), else the
    // identifier, so an unknown name is throttled exactly like a known one.
    const account = user ? `user:${user.id}` : `name:${identifier.toLowerCase()}`;
    const attempt = await admitLoginAttempt(db, {
      account,
      userId: user?.id ?? null,
      ip: clientIp,
      now,
    });

    const ok = user
      ? await verifyPassword(user.password_hash, password)
      : await verifyDummyPassword(password);
    if (!user || !ok) unauthorized(INVALID_CREDENTIALS, { code: 'invalid_credentials' });

    await loginSucceeded(db, attempt, user.id, now);
    // Said only to whoever knows the password: a removed door account is told why, not 'wrong
    // password' (docs/decisions/0040-door-staff.md).
    if (user.role === 'door' && !(await doorAccountLive(db, user.id))) {
      forbidden(DOOR_STAFF_REMOVED, { code: 'door_staff_removed' });
    }
    if (needsRehash(user.password_hash)) {
      await updateUser(db, user.id, { passwordHash: await hashPassword(password), now });
    }
    const profile = { id: user.id, username: user.username, email: user.email, role: user.role };
    const tokens = await startSession(db, config, profile, now);
    // In the body for clients of the spec; in the HttpOnly cookie for browsers, whose apps do not
    // keep the body's copy (refresh-cookie.ts).
    setRefreshCookie(c, tokens.refresh);
    return c.json({ ...tokens, user: profile, role: profile.role });
  },
);
