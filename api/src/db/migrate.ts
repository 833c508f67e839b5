// Applies src/db/migrations/NNNN_name.sql in order, once each, recorded in schema_migrations.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BackfillLog, completeBackfills } from './backfills.ts';
import type { Db } from './db.ts';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

const FILE_NAME = /^(\d{4})_([a-z0-9_]+)\.sql$/;

export async function readMigrations(dir: string = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = FILE_NAME.exec(file);
    if (!match?.[1] || !match[2]) {
      throw new Error(`Migration file ${file} must be named NNNN_lower_snake_name.sql`);
    }
    const version = Number(match[1]);
    if (migrations.some((m) => m.version === version)) {
      throw new Error(`Two migration files have version ${match[1]}`);
    }
    migrations.push({ version, name: match[2], sql: await readFile(join(dir, file), 'utf8') });
  }
  return migrations;
}

/**
 * Applies the pending migrations in ONE transaction: all or nothing. Safe when several API
 * instances start at once: the advisory lock (released at commit) makes them take turns, and
 * whoever comes second finds everything applied. Then completes what they leave to backfills
 * (db/backfills.ts: rows of big tables, in short batches outside that transaction), reporting
 * each to `log`. Returns the migrations it applied.
 */
export async function migrate(
  db: Db,
  migrations?: Migration[],
  log?: BackfillLog,
): Promise<Migration[]> {
  const applied = await applyMigrations(db, migrations ?? (await readMigrations()));
  await completeBackfills(db, { log });
  return applied;
}

/** The first half of migrate: the pending migrations in one transaction, no backfill. */
export function applyMigrations(db: Db, all: Migration[]): Promise<Migration[]> {
  return db.transaction(async (tx) => {
    // Taken before anything else, including creating schema_migrations. The key is an
    // arbitrary constant that only this runner uses.
    await tx.query`SELECT pg_advisory_xact_lock(827361001)`;
    await tx.query`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`;
    const rows = await tx.query<{ version: number; name: string }>`
      SELECT version, name FROM schema_migrations`;
    const applied = new Map(rows.map((r) => [r.version, r.name]));

    const pending: Migration[] = [];
    for (const m of all) {
      const appliedName = applied.get(m.version);
      if (appliedName === undefined) pending.push(m);
      else if (appliedName !== m.name) {
        // Two branches picked the same number, or a file was renamed: refuse rather than skip.
        throw new Error(
          `Migration ${m.version} was applied as "${appliedName}" but the file says "${m.name}"`,
        );
      }
    }
    for (const m of pending) {
      await tx.runScript(m.sql);
      await tx.query`INSERT INTO schema_migrations (version, name) VALUES (${m.version}, ${m.name})`;
    }
    return pending;
  });
}
