import { z } from 'zod';

/** The invitation's address, with signup's messages (the server checks it the same way). */
export const inviteSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Email is required.')
    .max(254, 'Enter a valid email.')
    .pipe(z.email('Enter a valid email.')),
});

export const INVITE_FORM_VALUES = { email: '' };
