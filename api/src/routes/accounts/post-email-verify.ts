// POST /api/email/verify/ {email, code}: a right code marks the address verified for signup, by
// this client only: the answer's signup_token is what signup/ asks for.
import { z } from 'zod';
import { factory } from '../../http/context.ts';
import { badRequest, validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { verifyCode } from './codes.ts';
import { EMAIL_VERIFIED, INVALID_SIGNUP_CODE } from './messages.ts';
import { codeField, emailField } from './schemas.ts';

const schema = z.object({ email: emailField(), code: codeField });

export const postEmailVerify = factory.createHandlers(
  describe({
    summary: 'Verify the signup code; get the signup token',
    tags: ['accounts'],
    answers: {
      200: answer(
        'Verified: the single-use token POST signup/ needs',
        z.object({ message: z.string(), signup_token: z.string() }),
      ),
    },
    errors: ['invalid_otp'],
  }),
  validate('json', schema),
  async (c) => {
    const { db, config, clock } = c.var;
    const { email, code } = c.req.valid('json');
    const token = await verifyCode(db, config.jwtSecret, 'signup', email, code, clock());
    if (!token) badRequest(INVALID_SIGNUP_CODE, undefined, { code: 'invalid_otp' });
    return c.json({ message: EMAIL_VERIFIED, signup_token: token });
  },
);
