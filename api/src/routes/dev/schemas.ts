// Response schemas of the dev resource: what its handlers send, documented in /api/openapi.json
// and checked against real answers by the tests.
import { z } from 'zod';
import { Timestamp } from '../../http/openapi.ts';

export const OutboxSchema = z.object({
  emails: z.array(
    z.object({ to: z.string(), subject: z.string(), text: z.string(), sent_at: Timestamp }),
  ),
});
