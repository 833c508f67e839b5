// POST /api/signup/ {username, email, password, role, signup_token}: creates a user or owner
// account for an address verified through email/request + email/verify, by the client that
// verified it (the signup_token email/verify gave it). The verification is spent. A name that
// looks like an existing one ('аdmin' with a Cyrillic а beside 'admin': the same skeleton,
// migration 0018) or mixes the letters of two scripts is refused on the username field.
// An address an owner invited as door staff becomes a 'door' account bound to that owner,
// whatever role the form chose (docs/decisions/0040-door-staff.md).
import { z } from 'zod';
import { hashPassword } from '../../auth/passwords.ts';
import { sha256Hex } from '../../auth/secrets.ts';
import { factory } from '../../http/context.ts';
import type { Fields } from '../../http/errors.ts';
import { badRequest, validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { bindInvitation, lockOpenInvitation } from '../../users/door-staff.ts';
import {
  emailTaken,
  insertUser,
  USERNAME_LOOKALIKE_INDEXES,
  usernameLookalikeTaken,
  usernameTaken,
} from '../../users/sql.ts';
import { isSingleScript } from '../../users/usernames.ts';
import { EMAIL_TAKEN, USERNAME_TAKEN, VERIFY_EMAIL_FIRST } from './messages.ts';
import {
  emailField,
  flowTokenField,
  NAME_MIXED_SCRIPTS,
  newPasswordField,
  signupRoleField,
  USERNAME_LOOKALIKE,
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
    errors: ['email_not_verified'],
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
    // The name itself, then one that looks like it (users/usernames.ts), then a name whose
    // letters mix scripts: the first that applies is the field's message.
    if (await usernameTaken(db, username)) taken.username = USERNAME_TAKEN;
    else if (await usernameLookalikeTaken(db, username)) taken.username = USERNAME_LOOKALIKE;
    else if (!isSingleScript(username)) taken.username = NAME_MIXED_SCRIPTS;
    if (await emailTaken(db, email)) taken.email = EMAIL_TAKEN;
    if (Object.keys(taken).length > 0) refuseTaken(taken);

    const passwordHash = await hashPassword(password);
    let user: Awaited<ReturnType<typeof insertUser>>;
    try {
      user = await db.transaction(async (tx) => {
        if (!(await spendVerification(tx, email, 'signup', tokenHash, now))) notVerified();
        // Locked: an owner removing the invitation meanwhile waits, then ends this account too.
        const invitation = await lockOpenInvitation(tx, email);
        const created = await insertUser(tx, {
          username,
          email,
          passwordHash,
          role: invitation ? 'door' : role,
          now,
        });
        if (invitation) await bindInvitation(tx, invitation.id, created.id, now);
        return created;
      });
    } catch (error) {
      // Someone took the name or address between the check above and the insert.
      const index = uniqueViolation(error);
      if (index === null) throw error;
      refuseTaken(
        USERNAME_LOOKALIKE_INDEXES.includes(index)
          ? { username: USERNAME_LOOKALIKE }
          : index.includes('username')
            ? { username: USERNAME_TAKEN }
            : { email: EMAIL_TAKEN },
      );
    }
    return c.json(
      { id: user.id, username: user.username, email: user.email, role: user.role },
      201,
    );
  },
);
