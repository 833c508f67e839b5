// Runs a transaction again when PostgreSQL aborted it through no fault of the request (a
// deadlock or a serialization failure, see isRetryable). The booking code locks seats in one
// order so deadlocks should not happen; this keeps a rare one from becoming a 500.
import type { Db, Tx } from './db.ts';
import { isRetryable } from './errors.ts';

export async function transactionWithRetry<T>(
  db: Db,
  fn: (tx: Tx) => Promise<T>,
  attempts = 3,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(fn);
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw error;
    }
  }
}
