// Which connection "generation" a database handle is in. It moves on when the handle lost its
// server and found one again (live/hub.ts, when the listening connection is back; postgres.ts,
// when a query lost its connection). Whatever was kept in memory from the earlier generation may
// describe a server that is no more (a failover to a standby that lacked the last commits, a
// restore): routes/shows/seat-map-cache.ts drops its snapshots when the generation moves on.
import type { Db } from './db.ts';

const generations = new WeakMap<Db, number>();

export function dbGeneration(db: Db): number {
  return generations.get(db) ?? 0;
}

export function nextDbGeneration(db: Db): void {
  generations.set(db, dbGeneration(db) + 1);
}
