// zod/mini, as login/schema.ts says why.
import * as z from 'zod/mini';
import { EMAIL_PATTERN } from '../../lib/email';

export const OTP_LENGTH = 6;
export const MIN_OTP_LENGTH = 4;
export const MIN_PASSWORD_LENGTH = 6;

export const otpRequestSchema = z.object({
  email: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Email is required.'),
      z.regex(EMAIL_PATTERN, 'Enter a valid email address.'),
    ),
});

export const otpVerifySchema = z.object({
  code: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'OTP is required.'),
      z.minLength(MIN_OTP_LENGTH, 'OTP must be at least 4 digits.'),
    ),
});

export const passwordResetSchema = z
  .object({
    email: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'Email is required.'),
        z.regex(EMAIL_PATTERN, 'Enter a valid email address.'),
      ),
    new_password: z
      .string()
      .check(
        z.minLength(1, 'New password is required.'),
        z.minLength(MIN_PASSWORD_LENGTH, 'Password must be at least 6 characters.'),
      ),
    confirm_password: z.string().check(z.minLength(1, 'Please confirm your new password.')),
  })
  .check(
    z.refine(
      (values) => values.confirm_password === '' || values.new_password === values.confirm_password,
      { path: ['confirm_password'], message: 'Passwords do not match' },
    ),
  );
