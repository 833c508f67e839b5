// zod/mini, as login/schema.ts says why.
import * as z from 'zod/mini';
import { EMAIL_PATTERN } from '../../lib/email';

export const OTP_LENGTH = 6;
export const MIN_PASSWORD_LENGTH = 6;

/** Step 1: the address to send the code to. */
export const emailStepSchema = z.object({
  email: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Please enter your email.'),
      z.regex(EMAIL_PATTERN, 'Enter a valid email.'),
    ),
});

/** Step 2: the code from the email. */
export const otpStepSchema = z.object({
  email: z.string().check(z.trim()),
  code: z.string().check(z.trim(), z.minLength(1, 'Please enter the OTP.')),
});

export const ROLE_OPTIONS = [
  { value: 'user', label: 'User' },
  { value: 'owner', label: 'Owner' },
] as const;

/** Step 3: the account itself, sent as signup/'s payload. */
export const signupSchema = z.object({
  username: z.string().check(z.trim(), z.minLength(1, 'Name is required.')),
  email: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Email is required.'),
      z.regex(EMAIL_PATTERN, 'Enter a valid email.'),
    ),
  password: z
    .string()
    .check(
      z.minLength(1, 'Password is required.'),
      z.minLength(MIN_PASSWORD_LENGTH, 'Password must be at least 6 characters.'),
    ),
  role: z.enum(['user', 'owner'], { error: 'Please select a role.' }),
});
