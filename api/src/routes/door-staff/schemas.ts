// Request and answer schemas of the door staff resource (docs/decisions/0040-door-staff.md).
import { z } from 'zod';
import { Timestamp } from '../../http/openapi.ts';
import { requiredText } from '../../http/validators.ts';

/** As signup's email field (routes/accounts/schemas.ts emailField): the same rule and messages. */
export const EMAIL_MAX = 254;
export const EMAIL_REQUIRED = 'Email is required.';
export const EMAIL_INVALID = 'Enter a valid email.';

export const inviteSchema = z.object({
  email: requiredText(EMAIL_REQUIRED)
    .max(EMAIL_MAX, EMAIL_INVALID)
    .toLowerCase()
    .pipe(z.email(EMAIL_INVALID)),
});

export const DoorStaffSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    status: z.enum(['invited', 'active']),
    invited_at: Timestamp,
    username: z.string().nullable(),
  })
  .meta({ id: 'DoorStaff' });

export const DoorStaffListSchema = z.object({ results: z.array(DoorStaffSchema) });
