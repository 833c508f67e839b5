// The rollout ticker: every API instance runs one, and each wakes every ROLLOUT_TICK_MS to look at
// the running plans (rollouts.ts tickRollouts). It holds no schedule of its own: the plans' rows
// say what is due, by the app's clock, and the row locks make sure one instance acts on a step.
// It also prunes health samples older than HEALTH_RETENTION_HOURS, at most every few minutes.
// main.ts starts it after migrating and stops it on shutdown; tests call tick() by hand.
import type { Db } from '../../db/db.ts';
import { isConnectionLoss } from '../../db/errors.ts';
import type { Clock } from '../../http/context.ts';
import type { Logger } from '../../logger.ts';
import { HEALTH_RETENTION_HOURS } from '../telemetry/rules.ts';
import { pruneHealthSamples } from '../telemetry/sql.ts';
import { type TickResult, tickRollouts } from './rollouts.ts';
import { ROLLOUT_TICK_MS } from './rules.ts';

const PRUNE_EVERY_MS = 10 * 60_000;

export interface RolloutTicker {
  /** Ticks every `intervalMs` from now on; once, however often it is called. */
  start(): void;
  /** Stops the timer and waits for a tick in flight. */
  stop(): Promise<void>;
  /** One tick now (what the timer runs); failures are logged, not thrown. */
  tick(): Promise<TickResult[]>;
  readonly running: boolean;
}

export function createRolloutTicker({
  db,
  clock,
  logger,
  intervalMs = ROLLOUT_TICK_MS,
}: {
  db: Db;
  clock: Clock;
  logger: Logger;
  intervalMs?: number;
}): RolloutTicker {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let started = false;
  let stopped = false;
  let inFlight: Promise<TickResult[]> | null = null;
  let prunedAt = Number.NEGATIVE_INFINITY;

  async function once(): Promise<TickResult[]> {
    const now = clock();
    try {
      const results = await tickRollouts(db, now);
      for (const r of results) {
        if (r.action !== 'waiting' && r.action !== 'skipped') {
          logger.info(`Rollout of mfe-${r.remote}: ${r.action}${r.reason ? ` (${r.reason})` : ''}`);
        }
      }
      if (now.getTime() - prunedAt >= PRUNE_EVERY_MS) {
        prunedAt = now.getTime();
        await pruneHealthSamples(db, new Date(now.getTime() - HEALTH_RETENTION_HOURS * 3600_000));
      }
      return results;
    } catch (error) {
      // The database away (an outage, a failover) is one line, not a stack every tick.
      if (isConnectionLoss(error)) {
        logger.error(
          `The rollout tick found the database unavailable: ${(error as Error).message}`,
        );
      } else {
        logger.error('The rollout tick failed', error);
      }
      return [];
    }
  }

  function tick(): Promise<TickResult[]> {
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
