// Response schemas of the health resource: what its handlers send, documented in /api/openapi.json
// and checked against real answers by the tests.
import { z } from 'zod';

export const HealthSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('up'),
  db: z.enum(['postgres', 'pglite']),
});
