// Request fields shared by the accounts operations, with the messages of SPEC section 5.
import { z } from 'zod';
import { isCommonPassword } from '../../auth/common-passwords.ts';

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const USERNAME_MAX = 150;
export const EMAIL_MAX = 254;

/** A string that must be present and non-blank (after trimming); anything else: `message`. */
export const requiredText = (message: string) =>
  z.string({ error: message }).trim().min(1, message);

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

/** Shown in the UI as "Name". No '@', so a login identifier with '@' is always an email. */
export const usernameField = requiredText('Name is required.')
  .max(USERNAME_MAX, `Name must be at most ${USERNAME_MAX} characters.`)
  .refine((u) => !u.includes('@'), 'Name cannot contain @.')
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  .refine((u) => !/[\u0000-\u001f\u007f]/.test(u), 'Name cannot contain control characters.');

/** Only the roles a visitor may choose; admin accounts come from the server's configuration. */
export const signupRoleField = requiredText('Please select a role.')
  .toLowerCase()
  .pipe(z.enum(['user', 'owner'], { error: 'Role must be user or owner.' }));

/** Present and non-blank; whether it is right (6 digits, live, matching) is the handler's job. */
export const codeField = requiredText('OTP is required.');

/** token/refresh and logout: the opaque refresh token from login. */
export const refreshSchema = z.object({ refresh: requiredText('Refresh token is required.') });
