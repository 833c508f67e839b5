import assert from 'node:assert/strict';
import { join } from 'node:path';
import { createTestDb, onPostgresServer } from '../testing/db.ts';
import type { Db } from './db.ts';
import { type Migration, migrate, readMigrations } from './migrate.ts';
import { openPostgres } from './postgres.ts';

const versions = (db: Db) =>
  db.query<{ version: number; name: string }>`
    SELECT version, name FROM schema_migrations ORDER BY version`;

Deno.test('the migration files are numbered, named and start with 0001_init', async () => {
  const migrations = await readMigrations();
  assert.equal(migrations[0]?.version, 1);
  assert.equal(migrations[0]?.name, 'init');
  assert.deepEqual(
    migrations.map((m) => m.version),
    [...migrations.map((m) => m.version)].sort((a, b) => a - b),
  );
});

Deno.test('migrating a fresh database applies every file once and records it', async () => {
  await using t = await createTestDb({ migrated: false });
  const all = await readMigrations();
  const applied = await migrate(t.db);
  assert.deepEqual(
    applied.map((m) => m.version),
    all.map((m) => m.version),
  );
  assert.deepEqual(
    await versions(t.db),
    all.map((m) => ({ version: m.version, name: m.name })),
  );
  const meta = await t.db.query<{ key: string }>`SELECT key FROM app_meta`;
  assert.deepEqual(meta, [{ key: 'created_at' }]);
});

Deno.test('migrating twice is a no-op the second time', async () => {
  await using t = await createTestDb({ migrated: false });
  await migrate(t.db);
  const before = await versions(t.db);
  assert.deepEqual(await migrate(t.db), []);
  assert.deepEqual(await versions(t.db), before);
});

Deno.test('a failing migration rolls back the whole run', async () => {
  await using t = await createTestDb({ migrated: false });
  const migrations: Migration[] = [
    { version: 1, name: 'good', sql: 'CREATE TABLE good (id int);' },
    { version: 2, name: 'bad', sql: 'CREATE TABLE bad (id int); SELECT no_such_function();' },
  ];
  await assert.rejects(() => migrate(t.db, migrations), /no_such_function/);
  const tables = await t.db.query`
    SELECT tablename FROM pg_tables WHERE tablename IN ('good', 'bad', 'schema_migrations')`;
  assert.deepEqual(tables, []);
});

Deno.test('an applied version whose file was renamed or reused is refused', async () => {
  await using t = await createTestDb({ migrated: false });
  await migrate(t.db, [{ version: 1, name: 'first', sql: 'SELECT 1;' }]);
  await assert.rejects(() => migrate(t.db, [{ version: 1, name: 'other', sql: 'SELECT 1;' }]), {
    message: 'Migration 1 was applied as "first" but the file says "other"',
  });
});

Deno.test('migration files must be named NNNN_name.sql with unique numbers', async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(join(dir, '0001_a.sql'), 'SELECT 1;');
    await Deno.writeTextFile(join(dir, 'notes.txt'), 'ignored');
    assert.deepEqual(await readMigrations(dir), [{ version: 1, name: 'a', sql: 'SELECT 1;' }]);
    await Deno.writeTextFile(join(dir, '0001_b.sql'), 'SELECT 1;');
    await assert.rejects(() => readMigrations(dir), {
      message: 'Two migration files have version 0001',
    });
    await Deno.remove(join(dir, '0001_b.sql'));
    await Deno.writeTextFile(join(dir, '2_Bad-Name.sql'), 'SELECT 1;');
    await assert.rejects(
      () => readMigrations(dir),
      /2_Bad-Name.sql must be named NNNN_lower_snake_name.sql/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test({
  name: 'two instances migrating at once both succeed and record each version once',
  // PGlite is one in-process connection, so there is no second instance to race with.
  ignore: !onPostgresServer,
  fn: async () => {
    await using t = await createTestDb({ migrated: false });
    const other = openPostgres(t.url as string, { max: 2 });
    try {
      const [a, b] = await Promise.all([migrate(t.db), migrate(other)]);
      const all = await readMigrations();
      // One of them did all the work; the other waited on the lock and found nothing to do.
      assert.equal(a.length + b.length, all.length);
      assert.deepEqual(
        await versions(t.db),
        all.map((m) => ({ version: m.version, name: m.name })),
      );
    } finally {
      await other.close();
    }
  },
});
