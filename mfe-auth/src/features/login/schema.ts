import { z } from 'zod';

export const loginSchema = z.object({
  email_or_username: z.string().trim().min(1, 'Email or username is required'),
  password: z.string().min(1, 'Password is required'),
});
