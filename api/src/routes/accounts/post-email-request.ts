// POST /api/email/request/ {email}: emails a 6-digit code that proves the address before signup.
// The code and its email are written in one transaction (the email queue, mail/queue.ts); the
// answer says it is on its way, and the sender retries a failing provider (with back-off, until
// the code expires) instead of asking the user to try again. An address that already has an
// account gets no code but a note to its owner, and the caller the same answer after the same
// work, so this cannot tell anyone which addresses are registered
// (docs/decisions/0029-limits-count-networks.md).
import { z } from 'zod';
import { factory } from '../../http/context.ts';
import { validate } from '../../http/errors.ts';
import { answer, describe, MessageSchema } from '../../http/openapi.ts';
import { emailTaken } from '../../users/sql.ts';
import { issueCode, limitCodeSends, noteSignupAttempt } from './codes.ts';
import { OTP_SENT } from './messages.ts';
import { emailField } from './schemas.ts';

const schema = z.object({ email: emailField() });

export const postEmailRequest = factory.createHandlers(
  describe({
    summary: 'Email a signup code',
    tags: ['accounts'],
    answers: { 200: answer('Code sent', MessageSchema) },
    errors: ['too_many_requests'],
  }),
  validate('json', schema),
  async (c) => {
    const { db, config, clock, emails } = c.var;
    const { email } = c.req.valid('json');
    // Counted first and for both kinds of address: the limit must not behave differently either.
    await limitCodeSends(c, 'signup', email);
    const now = clock();
    if (await emailTaken(db, email)) await noteSignupAttempt(db, email, now);
    else await issueCode(db, config.jwtSecret, 'signup', email, now);
    emails.wake('signup_code');
    return c.json({ message: OTP_SENT });
  },
);
