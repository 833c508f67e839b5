import { z } from 'zod';
import { EMAIL_PATTERN } from '../../lib/email';

export const OTP_LENGTH = 6;
export const MIN_OTP_LENGTH = 4;
export const MIN_PASSWORD_LENGTH = 6;

export const otpRequestSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Email is required.')
    .regex(EMAIL_PATTERN, 'Enter a valid email address.'),
});

export const otpVerifySchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'OTP is required.')
    .min(MIN_OTP_LENGTH, 'OTP must be at least 4 digits.'),
});

export const passwordResetSchema = z
  .object({
    email: z
      .string()
      .trim()
      .min(1, 'Email is required.')
      .regex(EMAIL_PATTERN, 'Enter a valid email address.'),
    new_password: z
      .string()
      .min(1, 'New password is required.')
      .min(MIN_PASSWORD_LENGTH, 'Password must be at least 6 characters.'),
    confirm_password: z.string().min(1, 'Please confirm your new password.'),
  })
  .refine(
    (values) => values.confirm_password === '' || values.new_password === values.confirm_password,
    {
      path: ['confirm_password'],
      message: 'Passwords do not match',
    },
  );
