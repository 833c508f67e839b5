import { z } from 'zod';
import { EMAIL_PATTERN } from '../../lib/email';

export const OTP_LENGTH = 6;
export const MIN_PASSWORD_LENGTH = 6;

/** Step 1: the address to send the code to. */
export const emailStepSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Please enter your email.')
    .regex(EMAIL_PATTERN, 'Enter a valid email.'),
});

/** Step 2: the code from the email. */
export const otpStepSchema = z.object({
  email: z.string().trim(),
  code: z.string().trim().min(1, 'Please enter the OTP.'),
});

export const ROLE_OPTIONS = [
  { value: 'user', label: 'User' },
  { value: 'owner', label: 'Owner' },
] as const;

/** Step 3: the account itself, sent as signup/'s payload. */
export const signupSchema = z.object({
  username: z.string().trim().min(1, 'Name is required.'),
  email: z
    .string()
    .trim()
    .min(1, 'Email is required.')
    .regex(EMAIL_PATTERN, 'Enter a valid email.'),
  password: z
    .string()
    .min(1, 'Password is required.')
    .min(MIN_PASSWORD_LENGTH, 'Password must be at least 6 characters.'),
  role: z.enum(['user', 'owner'], { error: 'Please select a role.' }),
});
