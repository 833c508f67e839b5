// Db on embedded PGlite: PostgreSQL compiled to WebAssembly, one connection, in-process.
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { traceStatement, tracingOn } from '../tracing/tracing.ts';
import {
  assertNotInTransaction,
  type Db,
  ENDED_TRANSACTION,
  type Listening,
  NUMERIC_OID,
  rejectUndefined,
  runInTransactionScope,
  type Tx,
} from './db.ts';
import { isStatementFailure } from './errors.ts';

export interface PgliteOptions {
  /** Directory for the database files; omitted means in memory. */
  dataDir?: string;
  /** A `dumpDataDir()` tarball to start from (test snapshots). */
  loadDataDir?: Blob | File;
}

/** `select ${a}, ${b}` -> `select $1, $2`: the values travel separately as bind parameters. */
export function toNumberedSql(strings: TemplateStringsArray): string {
  return strings.reduce((text, part, i) => `${text}$${i}${part}`);
}

/** The extensions the migrations create (a server has them from postgresql-contrib). */
export const PGLITE_EXTENSIONS = { btree_gist, pg_trgm };

type Runner = Pick<PGlite | Transaction, 'query'>;

// PGlite already parses int8 like parseInt8 in db.ts; numeric would stay a string.
const parsers = { [NUMERIC_OID]: Number };

async function run<T>(pg: Runner, strings: TemplateStringsArray, params: unknown[]) {
  rejectUndefined(params);
  // One span per statement when traces are exported (tracing/tracing.ts); else nothing at all.
  const result = tracingOn
    ? await traceStatement(strings, () => pg.query<T>(toNumberedSql(strings), params, { parsers }))
    : await pg.query<T>(toNumberedSql(strings), params, { parsers });
  return result.rows;
}

export async function openPglite(options: PgliteOptions = {}): Promise<Db> {
  // One options object: `new PGlite(undefined, options)` silently ignores the options.
  const pg = new PGlite({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: PGLITE_EXTENSIONS,
  });
  await pg.waitReady;
  return wrapPglite(pg);
}

/** A Db over an open PGlite; closing the Db closes it. */
export function wrapPglite(pg: PGlite): Db {
  let closed = false;
  let statementErrors = 0;
  const counted = (error: unknown): never => {
    if (isStatementFailure(error)) statementErrors++;
    throw error;
  };

  const db: Db = {
    kind: 'pglite',
    query<T>(strings: TemplateStringsArray, ...params: unknown[]) {
      assertNotInTransaction(db);
      return run<T>(pg, strings, params).catch(counted);
    },
    transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      assertNotInTransaction(db);
      // PGlite has one connection. Its transaction() holds an internal mutex that pg.query() and
      // other transactions also wait on, so concurrent requests queue up instead of running
      // inside someone else's transaction (db.test.ts checks this).
      return pg.transaction((pgTx) => {
        // One connection, one statement at a time: tx.commit() cannot free anything sooner. It
        // ends the sending and settles once the statements sent so far have succeeded; PGlite
        // commits when the callback resolves (and rolls back when it throws, as it will when
        // one of those statements failed).
        const sent: Promise<unknown>[] = [];
        let ended = false;
        const tx: Tx = {
          query: <R>(strings: TemplateStringsArray, ...params: unknown[]) => {
            if (ended) return Promise.reject(new Error(ENDED_TRANSACTION));
            const statement = run<R>(pgTx, strings, params).catch(counted);
            sent.push(statement);
            return statement;
          },
          runScript: async (sqlText) => {
            if (ended) throw new Error(ENDED_TRANSACTION);
            await pgTx.exec(sqlText);
          },
          commit: async () => {
            ended = true;
            // Run one after the other: the first to fail is the first to reject.
            await Promise.all(sent);
          },
        };
        return runInTransactionScope(db, () => fn(tx));
      });
    },
    async listen(channel, onPayload): Promise<Listening> {
      // In-process: the connection cannot be lost, so there is never a reconnect to report.
      const stop = await pg.listen(channel, onPayload);
      let active = true;
      return {
        async unlisten() {
          if (!active || closed) return;
          active = false;
          await stop();
        },
      };
    },
    async ping() {
      // One in-process connection: nothing to queue behind but the statement running.
      await pg.query('SELECT 1');
    },
    async close() {
      if (closed) return;
      closed = true;
      await pg.close();
    },
    // One in-process connection: no pool to report.
    stats: () => ({ statementErrors, pool: null }),
  };
  return db;
}
