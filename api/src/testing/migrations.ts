// For tests of one migration on a product that already has data (db/migrate.*.test.ts): a
// database migrated up to the version before it, and the two accounts such data belongs to.

import type { Queryable } from '../db/db.ts';
import { migrate, readMigrations } from '../db/migrate.ts';
import { createTestDb } from './db.ts';

/** A fresh test database with the migrations up to `version` applied, and no later one. */
export async function dbMigratedTo(version: number) {
  const t = await createTestDb({ migrated: false });
  const all = await readMigrations();
  await migrate(
    t.db,
    all.filter((m) => m.version <= version),
  );
  return t;
}

/** An owner 'olga' and a customer 'ana', created at `now`. */
export async function ownerAndCustomer(db: Queryable, now: Date) {
  const [owner, customer] = await db.query<{ id: number }>`
    INSERT INTO users (username, email, password_hash, role, created_at, updated_at)
    VALUES ('olga', 'olga@example.com', 'x', 'owner', ${now}, ${now}),
           ('ana', 'ana@example.com', 'x', 'user', ${now}, ${now})
    RETURNING id`;
  if (!owner || !customer) throw new Error('accounts not created');
  return { owner, customer };
}
