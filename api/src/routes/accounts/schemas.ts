// Request fields shared by the accounts operations, with the spec's validation messages
// (docs/spec-notes.md).
import { z } from 'zod';
import { isCommonPassword } from '../../auth/common-passwords.ts';
import { Timestamp } from '../../http/openapi.ts';
import { isVisibleText, requiredText } from '../../http/validators.ts';
import { INVALID_CREDENTIALS } from './messages.ts';

// The accounts operations build on the shared text validator (no NUL, no lone surrogates).
export { requiredText };

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const USERNAME_MAX = 150;
export const EMAIL_MAX = 254;

/** Trimmed, lower-cased, shaped like x@y.z. */
export const emailField = (invalid = 'Enter a valid email.') =>
  requiredText('Email is required.').max(EMAIL_MAX, invalid).toLowerCase().pipe(z.email(invalid));

/** A new password: 6 to 128 characters (kept as typed, spaces included), not a common one. */
export const newPasswordField = z
  .string({ error: 'Password is required.' })
  .min(1, 'Password is required.')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`)
  .refine((p) => !isCommonPassword(p), 'This password is too common. Please choose another one.');

export const NAME_REQUIRED = 'Name is required.';
export const NAME_INVISIBLE = 'Name cannot contain control or invisible characters.';
/** A name with the same skeleton as an existing one (users/usernames.ts, migration 0018). */
export const USERNAME_LOOKALIKE = 'This name looks too much like an existing one.';
export const NAME_MIXED_SCRIPTS =
  'Name must be written in one script, not letters of two (such as Latin and Cyrillic).';

/**
 * Shown in the UI as "Name". NFKC-normalised, so names that look alike are one name ('ｂｏｂ' is
 * 'bob', 'ﬁ' is 'fi'); no control, zero-width, format or separator characters, so that no name
 * displays as another ('admin\u200b' as 'admin'). No '@', so a login identifier with '@' is always
 * an email.
 */
export const usernameField = z
  .string({ error: NAME_REQUIRED })
  .refine(isVisibleText, NAME_INVISIBLE)
  .normalize('NFKC')
  .trim()
  .min(1, NAME_REQUIRED)
  .max(USERNAME_MAX, `Name must be at most ${USERNAME_MAX} characters.`)
  .refine((u) => !u.includes('@'), 'Name cannot contain @.');

/**
 * login/'s email_or_username, normalised as names are at signup so the same name is found
 * whichever width or composition it is typed in.
 */
export const loginIdentifierField = requiredText('Email or username is required')
  .normalize('NFKC')
  .max(320, INVALID_CREDENTIALS);

/** Only the roles a visitor may choose; admin accounts come from the server's configuration. */
export const signupRoleField = requiredText('Please select a role.')
  .toLowerCase()
  .pipe(z.enum(['user', 'owner'], { error: 'Role must be user or owner.' }));

/** Present and non-blank; whether it is right (6 digits, live, matching) is the handler's job. */
export const codeField = requiredText('OTP is required.');

/**
 * The single-use token email/verify or otp/verify gave the client that entered the code. Optional
 * here, so that leaving it out gets the flow's own 400 ("verify first"), as a wrong one does; only
 * hashed, so any string is safe to look up.
 */
export const flowTokenField = (message: string) =>
  z.string({ error: message }).max(256, message).optional();

/** token/refresh and logout: the opaque refresh token from login. */
export const refreshSchema = z.object({ refresh: requiredText('Refresh token is required.') });

// ---- answers ----
export const UserSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    // 'door': door staff (docs/decisions/0040-door-staff.md).
    role: z.enum(['user', 'owner', 'admin', 'door']),
  })
  .meta({ id: 'User' });

/** An access JWT (HS256, minutes) and an opaque refresh token that rotates on every use. */
export const TokensSchema = z
  .object({ access: z.string(), refresh: z.string() })
  .meta({ id: 'Tokens' });

export const LoginAnswerSchema = TokensSchema.extend({
  user: UserSchema,
  role: z.enum(['user', 'owner', 'admin', 'door']),
});

export const ListedAccountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: z.enum(['user', 'owner']),
  date_joined: Timestamp,
  theater_count: z.number().int().optional(),
});
