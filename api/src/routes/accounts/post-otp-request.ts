// POST /api/otp/request/ {email}: emails a password reset code, if the address has an account.
// The answer is the same either way, and the email is queued (mail/queue.ts) and sent after the
// response, so neither the body nor the timing tells whether an account exists.
import { z } from 'zod';
import { factory } from '../../http/context.ts';
import { validate } from '../../http/errors.ts';
import { answer, describe, MessageSchema } from '../../http/openapi.ts';
import { emailTaken } from '../../users/sql.ts';
import { issueCode, limitCodeSends } from './codes.ts';
import { OTP_SENT } from './messages.ts';
import { emailField } from './schemas.ts';

const schema = z.object({ email: emailField('Enter a valid email address.') });

export const postOtpRequest = factory.createHandlers(
  describe({
    summary: 'Email a password reset code',
    tags: ['accounts'],
    answers: { 200: answer('Sent, if the address has an account', MessageSchema) },
    errors: ['too_many_requests'],
  }),
  validate('json', schema),
  async (c) => {
    const { db, config, clock, emails } = c.var;
    const { email } = c.req.valid('json');
    // Counted for unknown addresses too: the limit must not behave differently either.
    await limitCodeSends(c, 'password_reset', email);
    if (await emailTaken(db, email)) {
      await issueCode(db, config.jwtSecret, 'password_reset', email, clock());
      emails.wake('password_reset_code');
    }
    return c.json({ message: OTP_SENT });
  },
);
