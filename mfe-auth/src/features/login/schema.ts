// zod/mini: the same checks as zod's chained API, and a fraction of its size on the login page
// (the chained API ships every schema type it has, about 22 kB gzipped).
import * as z from 'zod/mini';

export const loginSchema = z.object({
  email_or_username: z.string().check(z.trim(), z.minLength(1, 'Email or username is required')),
  password: z.string().check(z.minLength(1, 'Password is required')),
});
