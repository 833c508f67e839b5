// POST /api/signup/ {username, email, password, role, signup_token}: creates a user or owner
// account for an address verified through email/request + email/verify, by the client that
// verified it (the signup_token email/verify gave it). The verification is spent.
import { z } from 'zod';
import { hashPassword } from '../../auth/passwords.ts';
import { sha256Hex } from '../../auth/secrets.ts';
import { factory } from '../../http/context.ts';
import type { Fields } from '../../http/errors.ts';
import { badRequest, validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { emailTaken, insertUser, usernameTaken } from '../../users/sql.ts';
import { EMAIL_TAKEN, USERNAME_TAKEN, VERIFY_EMAIL_FIRST } from './messages.ts';
import {
  emailField,
  flowTokenField,
  newPasswordField,
  signupRoleField,
  UserSchema,
  usernameField,
} from './schemas.ts';
import { hasVerification, spendVerification } from './sql.ts';

const schema = z.object({
  username: usernameField,
  email: emailField(),
  password: newPasswordField,
  role: signupRoleField,
  signup_token: flowTokenField(VERIFY_EMAIL_FIRST),
});

function notVerified(): never {
  badRequest(VERIFY_EMAIL_FIRST, undefined, { code: 'email_not_verified' });
}

function refuseTaken(fields: Fields): never {
  const first = Object.values(fields)[0] ?? EMAIL_TAKEN;
  badRequest(first, fields, { code: 'validation_error' });
}

/** Which unique index a PostgreSQL unique violation (23505) hit, on either driver; else null. */
function uniqueViolation(error: unknown): string | null {
  const e = error as { code?: string; constraint?: string; constraint_name?: string };
  if (e?.code !== '23505') return null;
  return e.constraint_name ?? e.constraint ?? '';
}

export const postSignup = factory.createHandlers(
  describe({
    summary: 'Create an account (customer or owner)',
    tags: ['accounts'],
    answers: { 201: answer('The new account', UserSchema) },
    errors: [400],
  }),
  validate('json', schema),
  async (c) => {
    const { db, clock } = c.var;
    const { username, email, password, role, signup_token: token } = c.req.valid('json');
    const now = clock();
    if (!token) notVerified();
    const tokenHash = sha256Hex(token);
    if (!(await hasVerification(db, email, 'signup', tokenHash, now))) notVerified();
    const taken: Fields = {};
    if (await usernameTaken(db, username)) taken.username = USERNAME_TAKEN;
    if (await emailTaken(db, email)) taken.email = EMAIL_TAKEN;
    if (Object.keys(taken).length > 0) refuseTaken(taken);

    const passwordHash = await hashPassword(password);
    let user: Awaited<ReturnType<typeof insertUser>>;
    try {
      user = await db.transaction(async (tx) => {
        if (!(await spendVerification(tx, email, 'signup', tokenHash, now))) notVerified();
        return await insertUser(tx, { username, email, passwordHash, role, now });
      });
    } catch (error) {
      // Someone took the name or address between the check above and the insert.
      const index = uniqueViolation(error);
      if (index === null) throw error;
      refuseTaken(
        index.includes('username') ? { username: USERNAME_TAKEN } : { email: EMAIL_TAKEN },
      );
    }
    return c.json(user, 201);
  },
);
