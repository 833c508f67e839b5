// POST /api/login/ {email_or_username, password}: a session for the right password. Unknown
// account and wrong password answer alike, in about the same time. Failures are throttled so that
// they stop the guesser, not the owner: per (account, address) and per address; the account-wide
// limit, far higher, only closes the account to addresses that have already failed on it, so
// the owner still signs in from a clean address while the account is under attack.
import { z } from 'zod';
import {
  hashPassword,
  needsRehash,
  verifyDummyPassword,
  verifyPassword,
} from '../../auth/passwords.ts';
import { factory } from '../../http/context.ts';
import { unauthorized, validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { consume, countRecent, forget, resetLimit, throwIfBlocked } from '../../http/rate-limit.ts';
import { findUserByLogin, updateUser } from '../../users/sql.ts';
import { INVALID_CREDENTIALS, TOO_MANY_LOGINS } from './messages.ts';
import { LoginAnswerSchema, loginIdentifierField } from './schemas.ts';
import { startSession } from './sessions.ts';

export const LOGIN_WINDOW_SECONDS = 15 * 60;
/** Failures one address may make on one account per LOGIN_WINDOW_SECONDS. */
export const LOGIN_FAILURES_PER_ACCOUNT_AND_IP = 5;
/** Failures one address may make on all accounts together per LOGIN_WINDOW_SECONDS. */
export const LOGIN_FAILURES_PER_IP = 30;
export const LOGIN_ACCOUNT_WINDOW_SECONDS = 60 * 60;
/**
 * Failures on one account from everywhere per LOGIN_ACCOUNT_WINDOW_SECONDS. Past it, an address
 * that failed on the account within that window is refused; one that has not still gets its
 * check (the owner's), and a wrong guess from it makes it one that has.
 */
export const LOGIN_FAILURES_PER_ACCOUNT = 100;

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
    errors: [400, [401, 'Wrong email, username or password.'], 429],
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
    const pairKey = `login:account-ip:${account}:${clientIp}`;
    // Counted as a failure up front, so parallel guesses cannot outrun the limits; a success below
    // takes it back.
    const attempt = await consume(
      db,
      [
        {
          key: pairKey,
          max: LOGIN_FAILURES_PER_ACCOUNT_AND_IP,
          windowSeconds: LOGIN_WINDOW_SECONDS,
          message: TOO_MANY_LOGINS,
        },
        {
          key: `login:ip:${clientIp}`,
          max: LOGIN_FAILURES_PER_IP,
          windowSeconds: LOGIN_WINDOW_SECONDS,
          message: TOO_MANY_LOGINS,
        },
      ],
      now,
    );
    throwIfBlocked(attempt);
    const counted = [...attempt.eventIds];
    const accountWide = await consume(
      db,
      [
        {
          key: `login:account:${account}`,
          max: LOGIN_FAILURES_PER_ACCOUNT,
          windowSeconds: LOGIN_ACCOUNT_WINDOW_SECONDS,
          message: TOO_MANY_LOGINS,
        },
      ],
      now,
    );
    counted.push(...accountWide.eventIds);
    if (accountWide.blocked) {
      // Only this address's earlier failures count (ids before this attempt's, which consume gave
      // out in turn), so of racing first attempts from one address exactly one is checked.
      const earlier = await countRecent(
        db,
        pairKey,
        LOGIN_ACCOUNT_WINDOW_SECONDS,
        now,
        attempt.eventIds[0] ?? null,
      );
      if (earlier > 0) {
        await forget(db, attempt.eventIds);
        throwIfBlocked(accountWide);
      }
    }

    const ok = user
      ? await verifyPassword(user.password_hash, password)
      : await verifyDummyPassword(password);
    if (!user || !ok) unauthorized(INVALID_CREDENTIALS, { code: 'invalid_credentials' });

    // The account-wide count stays: the owner signing in does not reopen the guessers' addresses.
    await forget(db, counted);
    await resetLimit(db, pairKey);
    if (needsRehash(user.password_hash)) {
      await updateUser(db, user.id, { passwordHash: await hashPassword(password), now });
    }
    const profile = { id: user.id, username: user.username, email: user.email, role: user.role };
    const tokens = await startSession(db, config, profile, now);
    return c.json({ ...tokens, user: profile, role: profile.role });
  },
);
