// Work that should not hold up the response, e.g. sending an email whose outcome the caller must
// not learn. Each task is tracked so tests and shutdown can wait for it; a failure is logged.
import type { Logger } from '../logger.ts';

export interface Background {
  /** Starts `task` now without waiting for it. */
  run(label: string, task: () => Promise<unknown>): void;
  /** Resolves once every task started so far has settled. */
  idle(): Promise<void>;
}

export function createBackground(logger: Logger): Background {
  const pending = new Set<Promise<unknown>>();
  return {
    run(label, task) {
      const promise = Promise.resolve()
        .then(task)
        .catch((error) => logger.error(`Background task "${label}" failed`, error))
        .finally(() => pending.delete(promise));
      pending.add(promise);
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
