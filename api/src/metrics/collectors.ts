// What the metrics read when Prometheus scrapes, never on the request path: the pools' use and
// statement errors (db/postgres.ts stats), lost connections (db/generation.ts), open seat streams
// and changes delivered (live/hub.ts stats), and a few cheap statements (metrics/sql.ts) for held
// seats, the email outbox, rollouts and the replica's lag. A statement that fails or outlasts
// SCRAPE_QUERY_TIMEOUT_MS leaves its gauges NaN ("unknown") for that scrape: a scrape never
// hangs on a database that does not answer.
import { Counter, Gauge } from 'prom-client';
import type { Db } from '../db/db.ts';
import { dbGeneration } from '../db/generation.ts';
import { replicaStatus } from '../db/replica.ts';
import type { LiveHub } from '../live/hub.ts';
import { ROLLOUT_STATES } from '../releases/plans/rules.ts';
import type { Metrics } from './metrics.ts';
import { type BookingState, bookingState, type ReleaseState, releaseState } from './sql.ts';

export const SCRAPE_QUERY_TIMEOUT_MS = 2000;

export interface Sources {
  db: Db;
  /** The replica (DATABASE_READ_URL), if any. */
  readDb: Db | null;
  live: LiveHub;
  clock: () => Date;
}

/** The result of `run`, or null when it failed or took longer than SCRAPE_QUERY_TIMEOUT_MS. */
async function withTimeout<T>(run: () => Promise<T>): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), SCRAPE_QUERY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([run().catch(() => null), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One `read` at a time: the gauges of one scrape (collected together, registry.metrics()) share
 * its statement, and so do scrapes that overlap; the next scrape reads afresh.
 */
function shared<T>(read: () => Promise<T | null>): () => Promise<T | null> {
  let running: Promise<T | null> | null = null;
  return () => {
    running ??= read().finally(() => {
      running = null;
    });
    return running;
  };
}

/** Registers the scrape-time collectors of one app's database, replica and live seat map. */
export function collectFrom(metrics: Metrics, { db, readDb, live, clock }: Sources): void {
  const registers = [metrics.registry];
  const pools = readDb ? { primary: db, replica: readDb } : { primary: db };
  const eachPool = (fn: (pool: string, stats: ReturnType<NonNullable<Db['stats']>>) => void) => {
    for (const [pool, source] of Object.entries(pools)) {
      const stats = source.stats?.();
      if (stats) fn(pool, stats);
    }
  };
  const poolGauge = (name: string, help: string, key: 'inUse' | 'waiting' | 'max') =>
    new Gauge({
      name,
      help,
      labelNames: ['pool'],
      registers,
      collect() {
        eachPool((pool, stats) => {
          if (stats.pool) this.set({ pool }, stats.pool[key]);
        });
      },
    });
  poolGauge('db_pool_connections_in_use', 'Pool connections running a statement now.', 'inUse');
  poolGauge('db_pool_waiting', 'Callers waiting for a pool connection now.', 'waiting');
  poolGauge('db_pool_connections_max', 'The pool size (DATABASE_POOL_MAX).', 'max');
  new Counter({
    name: 'db_statement_errors_total',
    help: 'Statements that failed (bad SQL, a violated constraint, a lost connection).',
    labelNames: ['pool'],
    registers,
    collect() {
      this.reset();
      eachPool((pool, stats) => {
        this.inc({ pool }, stats.statementErrors);
      });
    },
  });
  new Counter({
    name: 'db_connection_losses_total',
    help: "Times this instance found its primary's connections lost (each statement that lost its connection, and each return of the listening connection): a restart or a failover.",
    registers,
    collect() {
      this.reset();
      this.inc(dbGeneration(db));
    },
  });

  new Gauge({
    name: 'seat_streams_open',
    help: 'Seat-map streams (Server-Sent Events) open on this instance now.',
    registers,
    collect() {
      this.set(live.stats?.().streams ?? 0);
    },
  });
  new Counter({
    name: 'seat_events_delivered_total',
    help: 'Seat changes passed to the streams of this instance (one per change per stream).',
    registers,
    collect() {
      this.reset();
      this.inc(live.stats?.().delivered ?? 0);
    },
  });

  const booking = shared(() => withTimeout(() => bookingState(db, clock())));
  const bookingGauge = (name: string, help: string, value: (s: BookingState) => number) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        const state = await booking();
        this.set(state ? value(state) : Number.NaN);
      },
    });
  bookingGauge(
    'holds_active',
    'Seats under an unexpired hold now (all instances).',
    (s) => s.held_seats,
  );
  bookingGauge(
    'email_outbox_depth',
    'Emails queued and not yet sent or given up.',
    (s) => s.outbox_depth,
  );
  bookingGauge(
    'email_outbox_oldest_age_seconds',
    'Age of the oldest email still queued; 0 when none waits.',
    (s) => s.outbox_oldest_age,
  );

  const releases = shared<ReleaseState>(() => withTimeout(() => releaseState(db)));
  new Gauge({
    name: 'release_rollout_state',
    help: "Each remote's newest rollout plan: 1 for its state, 0 for the others.",
    labelNames: ['remote', 'state'],
    registers,
    async collect() {
      this.reset();
      const state = await releases();
      for (const { remote, state: current } of state?.rollouts ?? []) {
        for (const s of ROLLOUT_STATES) this.set({ remote, state: s }, s === current ? 1 : 0);
      }
    },
  });
  new Counter({
    name: 'release_rollbacks_total',
    help: 'Rollbacks in the release audit (automatic, of a canary, of stable), per remote; the same figure on every instance.',
    labelNames: ['remote'],
    registers,
    async collect() {
      const state = await releases();
      if (!state) return; // keep the last figures rather than seem to drop to zero
      this.reset();
      for (const { remote, count } of state.rollbacks) this.inc({ remote }, count);
    },
  });

  if (readDb) {
    const lag = shared(() => withTimeout(() => replicaStatus(readDb)));
    new Gauge({
      name: 'db_replica_lag_seconds',
      help: 'How far the read replica is behind, as this instance sees it; NaN when it does not answer.',
      registers,
      async collect() {
        const status = await lag();
        this.set(status ? status.lagSeconds : Number.NaN);
      },
    });
  }
}
