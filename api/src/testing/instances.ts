// Several API instances on one database, for tests of what an instance answers from memory
// (docs/decisions/0030-seat-map-from-memory.md): instance A (writes), instance B (answers from
// memory: its hub started, every statement it sends recorded) and instance C (its hub never
// started: every answer read from the database, as before memory), with one clock and one JWT
// secret.
import assert from 'node:assert/strict';
import type { Config } from '../config.ts';
import { testClock } from './app.ts';
import { createBookingTestApp } from './booking.ts';
import { createTestDb, secondPool } from './db.ts';
import { recordingDb } from './recording-db.ts';

export async function instances(config: Partial<Config> = {}) {
  const base = await createTestDb();
  const clock = testClock();
  const a = await createBookingTestApp({ db: base.db, clock, config });
  const secondB = secondPool(base);
  const rec = recordingDb(secondB.db);
  const shared = {
    ...config,
    jwtSecret: a.config.jwtSecret,
    accessTokenTtlSeconds: a.config.accessTokenTtlSeconds,
  };
  const b = await createBookingTestApp({ db: rec.db, clock, config: shared });
  const secondC = secondPool(base);
  const c = await createBookingTestApp({ db: secondC.db, clock, config: shared });
  await b.live.start();
  return {
    a,
    b,
    c,
    rec,
    clock,
    async [Symbol.asyncDispose]() {
      for (const t of [c, b, a]) await t.close();
      await secondC.close();
      await secondB.close();
      await base.close();
    },
  };
}

/** Resolves once `check` is true (polled every 10 ms), with the time it took; fails after `withinMs`. */
export async function eventually(what: string, check: () => Promise<boolean>, withinMs = 1000) {
  const start = performance.now();
  while (!(await check())) {
    if (performance.now() - start > withinMs) assert.fail(`${what}: not within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return performance.now() - start;
}
