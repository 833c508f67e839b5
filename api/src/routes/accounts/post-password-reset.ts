// POST /api/password/reset/ {email, new_password}: sets a new password once, within minutes of a
// verified otp/verify, and signs the account out everywhere (every session revoked).
import { z } from 'zod';
import { hashPassword } from '../../auth/passwords.ts';
import { factory } from '../../http/context.ts';
import { badRequest, validate } from '../../http/errors.ts';
import { PASSWORD_RESET_DONE, VERIFY_OTP_FIRST } from './messages.ts';
import { emailField, newPasswordField } from './schemas.ts';
import {
  findUserByEmail,
  hasVerification,
  revokeUserSessions,
  spendVerification,
  updateUser,
} from './sql.ts';

const schema = z.object({
  email: emailField('Enter a valid email address.'),
  new_password: newPasswordField,
});

function notVerified(): never {
  badRequest(VERIFY_OTP_FIRST, undefined, { code: 'otp_not_verified' });
}

export const postPasswordReset = factory.createHandlers(validate('json', schema), async (c) => {
  const { db, clock } = c.var;
  const { email, new_password: password } = c.req.valid('json');
  const now = clock();
  // Cheap checks first: no hashing for requests that cannot succeed.
  if (!(await hasVerification(db, email, 'password_reset', now))) notVerified();
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    if (!(await spendVerification(tx, email, 'password_reset', now))) notVerified();
    const user = await findUserByEmail(tx, email);
    if (!user) notVerified(); // the account was deleted since the code was verified
    await updateUser(tx, user.id, { passwordHash, now });
    await revokeUserSessions(tx, user.id, now, 'password_reset');
  });
  return c.json({ message: PASSWORD_RESET_DONE });
});
