// A fresh, real database for each test that asks for one.
// - DATABASE_URL set: a new uniquely named database on that PostgreSQL server, a copy of a
//   migrated template made once per set of migrations, dropped afterwards.
// - otherwise: PGlite in memory, started from a snapshot (a fresh PGlite boots in about 3 s, a
//   snapshot loads in about 0.3 s). Snapshots are cached under <repo>/.data/test-cache, keyed by
//   the PGlite version and the migration files, because each test file runs in its own isolate.
//   A migrated PGlite a test has finished with is emptied (TRUNCATE) and handed to the next test
//   of the same file, which takes milliseconds instead of another snapshot load.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { REPO_ROOT } from '../config.ts';
import type { Db, Listening } from '../db/db.ts';
import { migrate, readMigrations } from '../db/migrate.ts';
import { openPglite, PGLITE_EXTENSIONS, wrapPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';

// The API's 2 s to connect (db/postgres.ts) is for a host that does not answer. The tests' server
// is local and always answers, but on the 2-core CI machine running three suites at once a new
// connection took over 2 s now and then, and the request answered 503. Tests of a lost database
// open pools of their own.
const TEST_POOL = { max: 4, connectTimeout: 20 };

export const TEST_DATABASE_URL = Deno.env.get('DATABASE_URL') || null;
export const onPostgresServer = TEST_DATABASE_URL !== null;

// Said once per `deno test` run (the environment is shared by all test files' isolates).
if (!Deno.env.get('API_TESTS_ENGINE_SHOWN')) {
  Deno.env.set('API_TESTS_ENGINE_SHOWN', '1');
  console.log(onPostgresServer ? 'API tests on PostgreSQL server' : 'API tests on PGlite');
}

export interface TestDb extends AsyncDisposable {
  db: Db;
  /** The database's URL on a PostgreSQL server (to open a second connection); null on PGlite. */
  url: string | null;
  close(): Promise<void>;
}

export interface TestDbOptions {
  /** Apply the migrations first (default true). */
  migrated?: boolean;
}

export async function createTestDb({ migrated = true }: TestDbOptions = {}): Promise<TestDb> {
  return TEST_DATABASE_URL ? await serverDb(TEST_DATABASE_URL, migrated) : await pgliteDb(migrated);
}

function testDb(db: Db, url: string | null, cleanup: () => Promise<void>): TestDb {
  let done: Promise<void> | undefined;
  const close = () => {
    done ??= cleanup();
    return done;
  };
  return { db, url, close, [Symbol.asyncDispose]: close };
}

async function withServer<T>(url: string, fn: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await fn(sql);
  } finally {
    await sql.end();
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function serverDb(serverUrl: string, migrated: boolean): Promise<TestDb> {
  // Hex from a UUID: a safe identifier, so building the DDL text is fine here.
  const name = `test_${randomUUID().replaceAll('-', '')}`;
  // A copy of the migrated template costs about half of migrating a new database (measured on
  // the CI's server: 0.30 s against 0.55 s), for each of several hundred tests.
  await withServer(serverUrl, async (sql) => {
    if (!migrated) return await sql.unsafe(`CREATE DATABASE ${name}`);
    try {
      await sql.unsafe(`CREATE DATABASE ${name} TEMPLATE ${await migratedTemplate(serverUrl)}`);
    } catch (error) {
      // Another run with other migrations (a file edited meanwhile) replaced the template.
      if ((error as { code?: string }).code !== '3D000') throw error;
      template = undefined;
      await sql.unsafe(`CREATE DATABASE ${name} TEMPLATE ${await migratedTemplate(serverUrl)}`);
    }
  });
  const url = databaseUrl(serverUrl, name);
  const db = openPostgres(url, TEST_POOL);
  return testDb(db, url, async () => {
    await db.close();
    await withServer(serverUrl, (sql) =>
      sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    );
  });
}

const TEMPLATE_PREFIX = 'test_template_';
let template: Promise<string> | undefined;

/**
 * The name of a database on the server holding every migration, made once per server and set of
 * migrations (keyed like the PGlite snapshots) and shared by every test file's isolate; one made
 * for other migrations is dropped. An advisory lock makes the parallel workers build it once.
 */
function migratedTemplate(serverUrl: string): Promise<string> {
  template ??= (async () => {
    const name = `${TEMPLATE_PREFIX}${await cacheKey('migrated')}`;
    await withServer(serverUrl, async (sql) => {
      await sql`SELECT pg_advisory_lock(hashtext('cinema test template'))`;
      try {
        const databases = await sql<{ datname: string }[]>`
          SELECT datname FROM pg_database WHERE datname LIKE ${`${TEMPLATE_PREFIX}%`}`;
        for (const { datname } of databases) {
          if (datname === name) continue;
          await sql.unsafe(`ALTER DATABASE ${datname} IS_TEMPLATE false`);
          await sql.unsafe(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
        }
        if (databases.some((d) => d.datname === name)) return;
        // Built under another name and renamed when complete, so a run killed half way leaves
        // nothing that looks finished.
        const building = `${name}_building`;
        await sql.unsafe(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
        await sql.unsafe(`CREATE DATABASE ${building}`);
        const db = openPostgres(databaseUrl(serverUrl, building), { max: 1 });
        try {
          await migrate(db);
        } finally {
          await db.close();
        }
        await sql.unsafe(`ALTER DATABASE ${building} RENAME TO ${name}`);
        await sql.unsafe(`ALTER DATABASE ${name} IS_TEMPLATE true`);
      } finally {
        await sql`SELECT pg_advisory_unlock(hashtext('cinema test template'))`;
      }
    });
    return name;
  })();
  return template;
}

// Migrated PGlite instances whose test has finished, ready to be emptied and reused.
const idle: Db[] = [];

async function pgliteDb(migrated: boolean): Promise<TestDb> {
  if (!migrated) {
    const db = await openPglite({ loadDataDir: await snapshot(false) });
    return testDb(db, null, () => db.close());
  }
  const reused = idle.pop();
  const inner = reused ?? (await openPglite({ loadDataDir: await snapshot(true) }));
  if (reused) await emptyTables(inner);
  // A test may close the database itself (to see how the app copes); then it is not reused.
  let closedByTest = false;
  // Listens a test left open end with it, so the next test's PGlite hears nothing of this one.
  const listens = new Set<Listening>();
  const db: Db = {
    kind: inner.kind,
    query: (strings, ...params) => inner.query(strings, ...params),
    transaction: (fn) => inner.transaction(fn),
    ping: () => inner.ping(),
    stats: inner.stats,
    async listen(channel, onPayload, onReconnect) {
      const listening = await inner.listen(channel, onPayload, onReconnect);
      listens.add(listening);
      return listening;
    },
    close: () => {
      closedByTest = true;
      return inner.close();
    },
  };
  return testDb(db, null, async () => {
    if (closedByTest) return;
    await Promise.all([...listens].map((l) => l.unlisten()));
    idle.push(inner);
  });
}

/** Deletes every row the last test wrote, keeping the schema and the migration records. */
async function emptyTables(db: Db): Promise<void> {
  const tables = await db.query<{ name: string }>`
    SELECT quote_ident(tablename) AS name FROM pg_tables
    WHERE schemaname = 'public' AND tablename <> 'schema_migrations'`;
  if (tables.length === 0) return;
  const names = tables.map((table) => table.name).join(', ');
  await db.transaction((tx) => tx.runScript(`TRUNCATE ${names} RESTART IDENTITY CASCADE`));
}

const CACHE_DIR = join(REPO_ROOT, '.data', 'test-cache');
const snapshots = new Map<string, Promise<Blob>>();

function snapshot(migrated: boolean): Promise<Blob> {
  const kind = migrated ? 'migrated' : 'empty';
  let pending = snapshots.get(kind);
  if (!pending) {
    pending = migrated
      ? cachedSnapshot('migrated', buildMigrated)
      : cachedSnapshot('empty', buildEmpty);
    snapshots.set(kind, pending);
  }
  return pending;
}

async function buildEmpty(): Promise<Blob> {
  const pg = new PGlite();
  try {
    await pg.waitReady; // dumpDataDir() on a PGlite still starting never resolves
    return await pg.dumpDataDir('none');
  } finally {
    await pg.close();
  }
}

async function buildMigrated(): Promise<Blob> {
  const pg = new PGlite({ loadDataDir: await snapshot(false), extensions: PGLITE_EXTENSIONS });
  try {
    await pg.waitReady;
    await migrate(wrapPglite(pg));
    return await pg.dumpDataDir('none');
  } finally {
    await pg.close();
  }
}

async function cacheKey(kind: string): Promise<string> {
  const hash = createHash('sha256');
  const pkg = join(REPO_ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json');
  hash.update(JSON.parse(await readFile(pkg, 'utf8')).version);
  if (kind === 'migrated') {
    for (const m of await readMigrations()) hash.update(`${m.version}\0${m.name}\0${m.sql}\0`);
  }
  return hash.digest('hex').slice(0, 16);
}

async function cachedSnapshot(kind: string, build: () => Promise<Blob>): Promise<Blob> {
  const prefix = `pglite-${kind}-`;
  const file = join(CACHE_DIR, `${prefix}${await cacheKey(kind)}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    // not cached yet
  }
  const blob = await build();
  await mkdir(CACHE_DIR, { recursive: true });
  for (const old of await readdir(CACHE_DIR)) {
    if (old.startsWith(prefix)) await rm(join(CACHE_DIR, old), { force: true });
  }
  // Write then rename, so a parallel test worker never reads half a file.
  const tmp = `${file}.${randomUUID()}.tmp`;
  await writeFile(tmp, new Uint8Array(await blob.arrayBuffer()));
  await rename(tmp, file);
  return blob;
}

/**
 * A second pool on the same database, as a second API instance would open: its own postgres.js
 * connections (and its own listening connection) on a PostgreSQL server. PGlite is one
 * connection in this process, so there it is the same database under another handle whose close
 * leaves the first open. Close it before the first.
 */
export function secondPool(first: TestDb): TestDb {
  if (first.url) {
    const db = openPostgres(first.url, TEST_POOL);
    return testDb(db, first.url, () => db.close());
  }
  const listens = new Set<Listening>();
  const db: Db = {
    kind: first.db.kind,
    query: (strings, ...params) => first.db.query(strings, ...params),
    transaction: (fn) => first.db.transaction(fn),
    ping: () => first.db.ping(),
    async listen(channel, onPayload, onReconnect) {
      const listening = await first.db.listen(channel, onPayload, onReconnect);
      listens.add(listening);
      return listening;
    },
    close: async () => {
      await Promise.all([...listens].map((l) => l.unlisten()));
    },
  };
  return testDb(db, null, () => db.close());
}
