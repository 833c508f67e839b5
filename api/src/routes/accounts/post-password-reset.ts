// POST /api/password/reset/ {email, new_password, reset_token}: sets a new password once, within
// minutes of a verified otp/verify, for the client that verified it (the reset_token otp/verify
// gave it; the address alone is not enough), and signs the account out everywhere (every
// session revoked). Attempts are limited per account and per network (IPv6 /64 and /48).
import { z } from 'zod';
import { hashPassword } from '../../auth/passwords.ts';
import { sha256Hex } from '../../auth/secrets.ts';
import { factory } from '../../http/context.ts';
import { badRequest, validate } from '../../http/errors.ts';
import { answer, describe, MessageSchema } from '../../http/openapi.ts';
import { consume, networkLimits, throwIfBlocked } from '../../http/rate-limit.ts';
import { findUserByEmail, updateUser } from '../../users/sql.ts';
import { passwordResetSucceeded } from './login-limits.ts';
import {
  PASSWORD_RESET_DONE,
  TOO_MANY_RESETS_ACCOUNT,
  TOO_MANY_RESETS_IP,
  VERIFY_OTP_FIRST,
} from './messages.ts';
import { emailField, flowTokenField, newPasswordField } from './schemas.ts';
import { hasVerification, revokeUserSessions, spendVerification } from './sql.ts';

export const RESET_WINDOW_SECONDS = 15 * 60;
// A real reset takes one request (a few with a mistyped password, which the schema refuses before
// anything is counted); these leave room for that and stop anyone hammering the endpoint.
export const RESETS_PER_ACCOUNT = 10;
/** Per network (IPv4 address, IPv6 /64); and per IPv6 /48. */
export const RESETS_PER_NETWORK = 20;
export const RESETS_PER_WIDE_NETWORK = 60;

const schema = z.object({
  email: emailField('Enter a valid email address.'),
  new_password: newPasswordField,
  reset_token: flowTokenField(VERIFY_OTP_FIRST),
});

function notVerified(): never {
  badRequest(VERIFY_OTP_FIRST, undefined, { code: 'otp_not_verified' });
}

export const postPasswordReset = factory.createHandlers(
  describe({
    summary: 'Set a new password with the reset token',
    tags: ['accounts'],
    answers: { 200: answer('Password changed; every session ended', MessageSchema) },
    errors: ['otp_not_verified', 'too_many_requests'],
  }),
  validate('json', schema),
  async (c) => {
    const { db, clock, clientIp } = c.var;
    const { email, new_password: password, reset_token: token } = c.req.valid('json');
    const now = clock();
    // Every attempt counts, whether or not the address has an account (no enumeration).
    const attempt = await consume(
      db,
      [
        {
          key: `reset:email:${email}`,
          max: RESETS_PER_ACCOUNT,
          windowSeconds: RESET_WINDOW_SECONDS,
          message: TOO_MANY_RESETS_ACCOUNT,
        },
        ...networkLimits('reset', clientIp, {
          max: RESETS_PER_NETWORK,
          wideMax: RESETS_PER_WIDE_NETWORK,
          windowSeconds: RESET_WINDOW_SECONDS,
          message: TOO_MANY_RESETS_IP,
        }),
      ],
      now,
    );
    throwIfBlocked(attempt);
    if (!token) notVerified();
    const tokenHash = sha256Hex(token);
    // Cheap checks first: no hashing for requests that cannot succeed.
    if (!(await hasVerification(db, email, 'password_reset', tokenHash, now))) notVerified();
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      if (!(await spendVerification(tx, email, 'password_reset', tokenHash, now))) notVerified();
      const user = await findUserByEmail(tx, email);
      if (!user) notVerified(); // the account was deleted since the code was verified
      await updateUser(tx, user.id, { passwordHash, now });
      await revokeUserSessions(tx, user.id, now, 'password_reset');
      // The guesses against the old password no longer close the account (login-limits.ts).
      await passwordResetSucceeded(tx, user.id, clientIp, now);
    });
    return c.json({ message: PASSWORD_RESET_DONE });
  },
);
