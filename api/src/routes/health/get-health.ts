import type { Db } from '../../db/db.ts';
import { replicaStatus } from '../../db/replica.ts';
import { factory } from '../../http/context.ts';
import { DATABASE_RETRY_AFTER_SECONDS, errorBody } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import type { Logger } from '../../logger.ts';
import { HealthSchema } from './schemas.ts';

export const HEALTH_TIMEOUT_MS = 2000;

/** Resolves with `check`'s answer when it comes within `timeoutMs`; rejects otherwise. */
async function within<T>(check: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Resolves when the database answers a ping within `timeoutMs` (db.ts ping: not queued behind
 * the pool's work, so a busy instance is not taken for one without a database); rejects otherwise. */
export async function checkDatabase(db: Db, timeoutMs = HEALTH_TIMEOUT_MS): Promise<void> {
  await within(db.ping(), timeoutMs);
}

/** The replica's part of the answer: up with its lag, or down (logged). */
async function checkReplica(readDb: Db, logger: Logger) {
  try {
    const { lagSeconds } = await within(replicaStatus(readDb), HEALTH_TIMEOUT_MS);
    return { replica: 'up' as const, replica_lag_seconds: lagSeconds };
  } catch (error) {
    logger.error(`Health check: the read replica is down: ${String(error)}`);
    return { replica: 'down' as const };
  }
}

export const getHealth = factory.createHandlers(
  describe({
    summary: 'Is the API and its database up',
    tags: ['health'],
    answers: { 200: answer('Up', HealthSchema) },
    errors: [],
  }),
  async (c) => {
    const db = c.get('db');
    const readDb = c.get('readDb');
    const logger = c.get('logger');
    const config = c.get('config');
    // Which process answers (API_INSTANCE_ID): a supervisor checks it is the one it started.
    const instance = config.instanceId === null ? {} : { instance: config.instanceId };
    // Both at once, so a replica out of reach does not slow the primary's answer down.
    const replica = readDb === db ? null : checkReplica(readDb, logger);
    try {
      await checkDatabase(db);
      return c.json({ status: 'ok', database: 'up', db: db.kind, ...instance, ...(await replica) });
    } catch (error) {
      logger.error(`Health check: database ${db.kind} is down: ${String(error)}`);
      return c.json(
        {
          status: 'unavailable',
          database: 'down',
          db: db.kind,
          ...instance,
          ...(await replica),
          ...errorBody('Database unavailable', 'database_unavailable'),
        },
        503,
        { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
      );
    }
  },
);
