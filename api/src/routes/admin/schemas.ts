// Response schemas of the admin resource: what its handlers send, documented in
// /api/openapi.json and checked against real answers by the tests.
import { z } from 'zod';
import { Timestamp } from '../../http/openapi.ts';

export const EmailQueueSchema = z.object({
  pending: z.number().int().meta({ description: 'Queued, not sent yet, not given up' }),
  retrying: z.number().int().meta({ description: 'Pending emails that failed at least once' }),
  failed: z.number().int().meta({ description: 'Given up after a day (or a code’s expiry)' }),
  sent_last_day: z.number().int(),
  oldest_pending_at: Timestamp.nullable(),
  oldest_pending_seconds: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'How long the oldest pending email has waited; null when none waits' }),
  recent_failures: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum([
        'confirmation',
        'cancellation',
        'signup_code',
        'password_reset_code',
        'signup_attempt_existing',
      ]),
      recipient: z.string(),
      attempts: z.number().int(),
      created_at: Timestamp,
      last_error: z.string().nullable(),
    }),
  ),
});
