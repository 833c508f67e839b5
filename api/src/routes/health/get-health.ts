import type { Db } from '../../db/db.ts';
import { factory } from '../../http/context.ts';
import { errorBody } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { HealthSchema } from './schemas.ts';

export const HEALTH_TIMEOUT_MS = 2000;

/** Resolves when `select 1` answers within `timeoutMs`; rejects otherwise. */
export async function checkDatabase(db: Db, timeoutMs = HEALTH_TIMEOUT_MS): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([db.query`SELECT 1`, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export const getHealth = factory.createHandlers(
  describe({
    summary: 'Is the API and its database up',
    tags: ['health'],
    answers: { 200: answer('Up', HealthSchema) },
    errors: [503],
  }),
  async (c) => {
    const { db, logger } = c.var;
    try {
      await checkDatabase(db);
      return c.json({ status: 'ok', database: 'up', db: db.kind });
    } catch (error) {
      logger.error(`Health check: database ${db.kind} is down: ${String(error)}`);
      return c.json(
        {
          status: 'unavailable',
          database: 'down',
          db: db.kind,
          ...errorBody('Database unavailable', 'database_unavailable'),
        },
        503,
      );
    }
  },
);
