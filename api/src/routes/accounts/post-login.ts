// POST /api/login/ {email_or_username, password}: a session for the right password. Unknown
// account and wrong password answer alike, in about the same time, and failures are throttled
// per account and per IP.
import { z } from 'zod';
import {
  hashPassword,
  needsRehash,
  verifyDummyPassword,
  verifyPassword,
} from '../../auth/passwords.ts';
import { factory } from '../../http/context.ts';
import { unauthorized, validate } from '../../http/errors.ts';
import { consume, forget, type Limit, resetLimit, throwIfBlocked } from '../../http/rate-limit.ts';
import { INVALID_CREDENTIALS, TOO_MANY_LOGINS } from './messages.ts';
import { requiredText } from './schemas.ts';
import { startSession } from './sessions.ts';
import { findUserByLogin, updateUser } from './sql.ts';

export const LOGIN_WINDOW_SECONDS = 15 * 60;
export const LOGIN_FAILURES_PER_ACCOUNT = 5;
export const LOGIN_FAILURES_PER_IP = 30;

const schema = z.object({
  email_or_username: requiredText('Email or username is required').max(320, INVALID_CREDENTIALS),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(1024, INVALID_CREDENTIALS),
});

export const postLogin = factory.createHandlers(validate('json', schema), async (c) => {
  const { db, config, clock, clientIp } = c.var;
  const { email_or_username: identifier, password } = c.req.valid('json');
  const now = clock();
  const user = await findUserByLogin(db, identifier);

  // The account's counter is the user's when there is one (email and username share it), else
  // the identifier's, so an unknown name is throttled exactly like a known one.
  const accountKey = user ? `login:user:${user.id}` : `login:name:${identifier.toLowerCase()}`;
  const limits: Limit[] = [
    {
      key: accountKey,
      max: LOGIN_FAILURES_PER_ACCOUNT,
      windowSeconds: LOGIN_WINDOW_SECONDS,
      message: TOO_MANY_LOGINS,
    },
    {
      key: `login:ip:${clientIp}`,
      max: LOGIN_FAILURES_PER_IP,
      windowSeconds: LOGIN_WINDOW_SECONDS,
      message: TOO_MANY_LOGINS,
    },
  ];
  // Counted as a failure up front, so parallel guesses cannot outrun the limit; a success below
  // takes it back.
  const attempt = await consume(db, limits, now);
  throwIfBlocked(attempt);

  const ok = user
    ? await verifyPassword(user.password_hash, password)
    : await verifyDummyPassword(password);
  if (!user || !ok) unauthorized(INVALID_CREDENTIALS, { code: 'invalid_credentials' });

  await forget(db, attempt.eventIds);
  await resetLimit(db, accountKey);
  if (needsRehash(user.password_hash)) {
    await updateUser(db, user.id, { passwordHash: await hashPassword(password), now });
  }
  const profile = { id: user.id, username: user.username, email: user.email, role: user.role };
  const tokens = await startSession(db, config, profile, now);
  return c.json({ ...tokens, user: profile, role: profile.role });
});
