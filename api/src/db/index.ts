import { accessSync, constants, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import type { Db } from './db.ts';
import { lockDir } from './lock.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import { openReplica } from './replica.ts';

export type { Db, DbKind, Queryable, Row, Tx } from './db.ts';

/** The lock file of the embedded database: `<DATA_DIR>/pglite.lock` (db/lock.ts). */
export const pgliteLockFile = (config: Pick<Config, 'dataDir'>) =>
  join(config.dataDir, 'pglite.lock');

/**
 * The configured database: the PostgreSQL server at DATABASE_URL, else PGlite on disk, locked
 * for this process (db/lock.ts: throws DataDirLockedError when another holds it; the file
 * system's EACCES when the directory cannot be written) until the Db is closed.
 */
export async function openDb(config: Config): Promise<Db> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, { max: config.databasePoolMax });
  mkdirSync(config.pgliteDir, { recursive: true });
  const lock = lockDir(pgliteLockFile(config));
  try {
    // PGlite says only "failed to initialize properly" about a directory it cannot write.
    accessSync(config.pgliteDir, constants.R_OK | constants.W_OK);
    const db = await openPglite({ dataDir: config.pgliteDir });
    return {
      ...db,
      async close() {
        try {
          await db.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/**
 * The replica at DATABASE_READ_URL (read-only, see replica.ts), or null when there is none: then
 * the app reads everything from `openDb`'s pool.
 */
export function openReadDb(config: Config): Db | null {
  if (!config.databaseReadUrl) return null;
  return openReplica(config.databaseReadUrl, { max: config.databasePoolMax });
}
