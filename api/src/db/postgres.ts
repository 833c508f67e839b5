// Db on a PostgreSQL server through postgres.js (a pool of `max` connections).
import postgres from 'postgres';
import {
  assertNotInTransaction,
  type Db,
  INT8_OID,
  JSON_OID,
  JSONB_OID,
  NUMERIC_OID,
  parseInt8,
  type Row,
  rejectUndefined,
  runInTransactionScope,
  type Tx,
} from './db.ts';

export interface PostgresOptions {
  max?: number;
}

type Sql = postgres.Sql | postgres.TransactionSql;
type Params = postgres.ParameterOrFragment<never>[];

const toJsonText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

async function run<T>(sql: Sql, strings: TemplateStringsArray, params: unknown[]): Promise<T[]> {
  rejectUndefined(params);
  // postgres.js returns a Result (an Array subclass with extra fields); copy to a plain array so
  // both engines give identical values (deepStrictEqual in tests, JSON in responses).
  const result = await sql<Row[]>(strings, ...(params as Params));
  return Array.from(result) as T[];
}

/**
 * At most `size` holders at once; the others wait in line (first come, first served).
 *
 * Why: when every connection is busy, postgres.js 3.4.9 pipelines the next query onto a busy
 * one. If that query is sql.begin()'s BEGIN and the write is held back (socket backpressure, or
 * `max_pipeline` queries already in flight), the connection is never reserved for the
 * transaction: the BEGIN fails with UNSAFE_TRANSACTION and the connection stays inside an open
 * transaction that later, unrelated queries then run in (porsager/postgres#823, #1189; fixes
 * unreleased). Seen as a 500 in 1 of 8 runs of the 200-customer race. Never giving the pool more
 * work than it has connections means nothing is ever pipelined, so BEGIN always goes to an idle
 * connection.
 */
export function gate(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  return async function run<T>(fn: () => Promise<T>): Promise<T> {
    if (free > 0) free--;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await fn();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free++;
    }
  };
}

export function openPostgres(url: string, options: PostgresOptions = {}): Db {
  const max = options.max ?? 10;
  const inPool = gate(max);
  const sql = postgres(url, {
    max,
    onnotice: () => {}, // "relation already exists, skipping" and the like are not news
    connection: { application_name: 'cinema-api' },
    // Match PGlite (see db.ts): int8 and numeric come back as numbers, not strings, and a string
    // sent to a json(b) parameter is taken as JSON text (postgres.js would quote it again).
    types: {
      int8: { to: INT8_OID, from: [INT8_OID], serialize: String, parse: parseInt8 },
      numeric: { to: NUMERIC_OID, from: [NUMERIC_OID], serialize: String, parse: Number },
      json: { to: JSON_OID, from: [JSON_OID, JSONB_OID], serialize: toJsonText, parse: JSON.parse },
    },
  });
  let closed = false;

  const db: Db = {
    kind: 'postgres',
    query<T>(strings: TemplateStringsArray, ...params: unknown[]) {
      assertNotInTransaction(db);
      return inPool(() => run<T>(sql, strings, params));
    },
    async transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      assertNotInTransaction(db);
      const result = await inPool(() =>
        sql.begin((txSql) => {
          const tx: Tx = {
            query: <R>(strings: TemplateStringsArray, ...params: unknown[]) =>
              run<R>(txSql, strings, params),
            runScript: async (sqlText) => {
              await txSql.unsafe(sqlText);
            },
          };
          return runInTransactionScope(db, () => fn(tx));
        }),
      );
      return result as T;
    },
    async close() {
      if (closed) return;
      closed = true;
      await sql.end({ timeout: 5 });
    },
  };
  return db;
}
