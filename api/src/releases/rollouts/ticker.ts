// The rollout ticker: every API instance runs one, and each wakes every ROLLOUT_TICK_MS to look at
// the running plans (rollouts.ts tickRollouts). It holds no schedule of its own: the plans' rows
// say what is due, by the app's clock, and the row locks make sure one instance acts on a step.
// It also prunes health samples older than HEALTH_RETENTION_HOURS, at most every few minutes.
// The timer itself: db/ticker.ts.
import type { Db } from '../../db/db.ts';
import { createTicker, type Ticker } from '../../db/ticker.ts';
import type { Clock } from '../../http/context.ts';
import type { Logger } from '../../logger.ts';
import { HEALTH_RETENTION_HOURS } from '../telemetry/rules.ts';
import { pruneHealthSamples } from '../telemetry/sql.ts';
import { type TickResult, tickRollouts } from './rollouts.ts';
import { ROLLOUT_TICK_MS } from './rules.ts';

const PRUNE_EVERY_MS = 10 * 60_000;

/** tick() answers what each running plan did. */
export type RolloutTicker = Ticker<TickResult[]>;

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
  let prunedAt = Number.NEGATIVE_INFINITY;
  return createTicker({
    name: 'rollout',
    intervalMs,
    logger,
    onFailure: () => [],
    async run() {
      const now = clock();
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
    },
  });
}
