// A start that finds PostgreSQL still coming up (a container started alongside, a restart, a
// failover in progress) waits for it, saying so once, instead of exiting at once. A database
// that is there but refuses this API (wrong password, no such database) is not waited for.
import type { Db } from './db.ts';
import { isConnectionLoss } from './errors.ts';

export class DatabaseUnreachableError extends Error {
  override name = 'DatabaseUnreachableError';
  constructor(
    readonly waitedSeconds: number,
    override readonly cause: unknown,
  ) {
    super(`no connection within ${waitedSeconds} s: ${String(cause)}`);
  }
}

/**
 * Resolves once `SELECT 1` answers. While the failure is a connection one (db/errors.ts
 * isConnectionLoss: refused, reset, timed out, starting up), tries again every `intervalMs`
 * until `waitSeconds` have passed, calling `onWaiting` once; then throws
 * DatabaseUnreachableError. Any other error is thrown at once.
 */
export async function waitForDatabase(
  db: Db,
  {
    waitSeconds,
    intervalMs = 250,
    onWaiting,
  }: { waitSeconds: number; intervalMs?: number; onWaiting?: (error: unknown) => void },
): Promise<void> {
  const deadline = performance.now() + waitSeconds * 1000;
  let told = false;
  for (;;) {
    try {
      await db.query`SELECT 1`;
      return;
    } catch (error) {
      if (!isConnectionLoss(error)) throw error;
      if (performance.now() + intervalMs > deadline) {
        throw new DatabaseUnreachableError(waitSeconds, error);
      }
      if (!told) {
        told = true;
        onWaiting?.(error);
      }
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}
