// A periodic job against the database, one per API instance (the rollout ticker, the waitlist's
// offers): it wakes every `intervalMs`, runs one tick at a time, and logs a failure instead of
// throwing; a database away is one line, not a stack every tick. main.ts starts the tickers after
// migrating and stops them on shutdown; tests call tick() by hand with their own clock.
import type { Logger } from '../logger.ts';
import { isConnectionLoss } from './errors.ts';

export interface Ticker<T> {
  /** Ticks every `intervalMs` from now on; once, however often it is called. */
  start(): void;
  /** Stops the timer and waits for a tick in flight. */
  stop(): Promise<void>;
  /** One tick now (what the timer runs); a failure is logged and answers `onFailure`. */
  tick(): Promise<T>;
  readonly running: boolean;
}

export function createTicker<T>({
  name,
  intervalMs,
  logger,
  run,
  onFailure,
}: {
  /** What ticks, for the log: "The <name> tick failed". */
  name: string;
  intervalMs: number;
  logger: Logger;
  run: () => Promise<T>;
  onFailure: () => T;
}): Ticker<T> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let started = false;
  let stopped = false;
  let inFlight: Promise<T> | null = null;

  async function once(): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (isConnectionLoss(error)) {
        logger.error(
          `The ${name} tick found the database unavailable: ${(error as Error).message}`,
        );
      } else {
        logger.error(`The ${name} tick failed`, error);
      }
      return onFailure();
    }
  }

  function tick(): Promise<T> {
    // One tick at a time per instance: a slow one is not overtaken by the next.
    inFlight ??= once().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(async () => {
      timer = null;
      await tick();
      schedule();
    }, intervalMs);
  }

  return {
    start() {
      if (started || stopped) return;
      started = true;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      await inFlight;
    },
    tick,
    get running() {
      return started && !stopped;
    },
  };
}
