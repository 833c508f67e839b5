// POST /api/otp/verify/ {email, code}: a right code allows one password reset in the next minutes,
// by this client only: the answer's reset_token is what password/reset/ asks for.
import { z } from 'zod';
import { factory } from '../../http/context.ts';
import { badRequest, validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { verifyCode } from './codes.ts';
import { INVALID_RESET_CODE, OTP_VERIFIED } from './messages.ts';
import { codeField, emailField } from './schemas.ts';

const schema = z.object({ email: emailField('Enter a valid email address.'), code: codeField });

export const postOtpVerify = factory.createHandlers(
  describe({
    summary: 'Verify the reset code; get the reset token',
    tags: ['accounts'],
    answers: {
      200: answer(
        'Verified: the single-use token POST password/reset/ needs',
        z.object({ message: z.string(), reset_token: z.string() }),
      ),
    },
    errors: ['invalid_otp'],
  }),
  validate('json', schema),
  async (c) => {
    const { db, config, clock } = c.var;
    const { email, code } = c.req.valid('json');
    const token = await verifyCode(db, config.jwtSecret, 'password_reset', email, code, clock());
    if (!token) badRequest(INVALID_RESET_CODE, undefined, { code: 'invalid_otp' });
    return c.json({ message: OTP_VERIFIED, reset_token: token });
  },
);
