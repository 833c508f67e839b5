import { mkdirSync } from 'node:fs';
import type { Config } from '../config.ts';
import type { Db } from './db.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import { openReplica } from './replica.ts';

export type { Db, DbKind, Queryable, Row, Tx } from './db.ts';

/** The configured database: the PostgreSQL server at DATABASE_URL, else PGlite on disk. */
export async function openDb(config: Config): Promise<Db> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, { max: config.databasePoolMax });
  mkdirSync(config.pgliteDir, { recursive: true });
  return await openPglite({ dataDir: config.pgliteDir });
}

/**
 * The replica at DATABASE_READ_URL (read-only, see replica.ts), or null when there is none: then
 * the app reads everything from `openDb`'s pool.
 */
export function openReadDb(config: Config): Db | null {
  if (!config.databaseReadUrl) return null;
  return openReplica(config.databaseReadUrl, { max: config.databasePoolMax });
}
