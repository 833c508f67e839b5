// POST /api/email/request/ {email}: emails a 6-digit code that proves the address before signup.
import { z } from 'zod';
import { factory } from '../../http/context.ts';
import { ApiError, badRequest, validate } from '../../http/errors.ts';
import { answer, describe, MessageSchema } from '../../http/openapi.ts';
import { emailTaken } from '../../users/sql.ts';
import { issueCode, limitCodeSends } from './codes.ts';
import { EMAIL_TAKEN, OTP_SENT, SEND_FAILED } from './messages.ts';
import { emailField } from './schemas.ts';

const schema = z.object({ email: emailField() });

export const postEmailRequest = factory.createHandlers(
  describe({
    summary: 'Email a signup code',
    tags: ['accounts'],
    answers: { 200: answer('Code sent', MessageSchema) },
    errors: [400, 429, [502, 'The email could not be sent.']],
  }),
  validate('json', schema),
  async (c) => {
    const { db, config, clock, mailer, logger } = c.var;
    const { email } = c.req.valid('json');
    // Counted first, so this cannot be used to test addresses at will.
    await limitCodeSends(c, 'signup', email);
    // Signup would refuse a taken address anyway; saying it now spares the user a useless code.
    if (await emailTaken(db, email)) {
      badRequest(EMAIL_TAKEN, { email: EMAIL_TAKEN }, { code: 'validation_error' });
    }
    const message = await issueCode(db, config.jwtSecret, 'signup', email, clock());
    try {
      await mailer.send(message);
    } catch (error) {
      logger.error(`Sending the signup code to ${email} failed`, error);
      throw new ApiError(502, SEND_FAILED, 'email_not_sent');
    }
    return c.json({ message: OTP_SENT });
  },
);
