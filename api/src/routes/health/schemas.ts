// Response schemas of the health resource: what its handlers send, documented in /api/openapi.json
// and checked against real answers by the tests.
import { z } from 'zod';

export const HealthSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('up'),
  db: z.enum(['postgres', 'pglite']),
  /** API_INSTANCE_ID of the process that answered, when it has one. */
  instance: z.string().optional(),
  // Only with a read replica (DATABASE_READ_URL). Its being down does not fail the check: every
  // instance shares it, and the booking path does not need it (decision 0016).
  replica: z.enum(['up', 'down']).optional(),
  /** Seconds the replica is behind the primary (db/replica.ts); only while it is up. */
  replica_lag_seconds: z.number().optional(),
});
