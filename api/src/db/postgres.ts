// Db on a PostgreSQL server through postgres.js (a pool of `max` connections).
import postgres from 'postgres';
import { traceStatement, tracingOn } from '../tracing/tracing.ts';
import {
  assertNotInTransaction,
  type Db,
  ENDED_TRANSACTION,
  INT8_OID,
  JSON_OID,
  JSONB_OID,
  type Listening,
  NUMERIC_OID,
  parseInt8,
  RolledBackError,
  type Row,
  rejectUndefined,
  runInTransactionScope,
  type Tx,
} from './db.ts';
import { isConnectionLoss, isReadOnlyServer, isStatementFailure, sqlState } from './errors.ts';
import { nextDbGeneration } from './generation.ts';

export interface PostgresOptions {
  max?: number;
  /** Every transaction read-only (default_transaction_read_only): a write fails with 25006. */
  readOnly?: boolean;
  /** Seconds to wait for a new connection (default 2; postgres.js' own: 30). */
  connectTimeout?: number;
  /** Seen in pg_stat_activity (default 'cinema-api'). */
  applicationName?: string;
  /**
   * Seconds before a connection that failed is tried again (postgres.js' backoff; its default
   * grows to 20 s, and the queries waiting for that connection wait as long). Default: 50 ms,
   * doubling to at most RETRY_MAX_S.
   */
  retryDelay?: number;
}

// A server that is down refuses a connection at once (ECONNREFUSED): the request answers 503 in
// milliseconds. One that does not answer at all (a host gone, a full accept queue) costs a
// request at most this, not postgres.js' 30 s (the 27 s requests of a lost database).
const CONNECT_TIMEOUT_S = 2;
// The wait before a new connection after a failed one, doubling from 50 ms to this: once
// PostgreSQL accepts connections again, the pool is back within half a second.
const RETRY_MAX_S = 0.5;
const retryBackoff = (retries: number) => Math.min(0.05 * 2 ** retries, RETRY_MAX_S);
// A pool that found itself on a read-only server is renewed at most this often.
const RENEW_MIN_INTERVAL_MS = 1000;

type Sql = postgres.Sql | postgres.TransactionSql;
type Params = postgres.ParameterOrFragment<never>[];

const toJsonText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

async function run<T>(sql: Sql, strings: TemplateStringsArray, params: unknown[]): Promise<T[]> {
  rejectUndefined(params);
  // postgres.js returns a Result (an Array subclass with extra fields); copy to a plain array so
  // both engines give identical values (deepStrictEqual in tests, JSON in responses).
  // One span per statement when traces are exported (tracing/tracing.ts); else nothing at all.
  const result = tracingOn
    ? await traceStatement(strings, () => sql<Row[]>(strings, ...(params as Params)))
    : await sql<Row[]>(strings, ...(params as Params));
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
  const run = async function run<T>(fn: () => Promise<T>): Promise<T> {
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
  // The metrics' pool gauges (metrics/collectors.ts), read when scraped.
  return Object.assign(run, { inUse: () => size - free, waiting: () => waiting.length });
}

/**
 * `fn` in postgres.js' sql.begin(), with tx.commit(): COMMIT sent right behind the statements
 * sent so far (pipelined), not after the callback's last answer has come back through this
 * process, so the rows they lock are free as soon as PostgreSQL has run them (decision 0054).
 * PostgreSQL answers the COMMIT of a transaction in which a statement failed with ROLLBACK, so
 * nothing after a failure is ever committed.
 *
 * It is COMMIT AND CHAIN, which opens an empty transaction at once: postgres.js hands a
 * connection back to the pool when it sees it idle, and sql.begin() would then send its own
 * COMMIT on a connection someone else may have. sql.begin() ends that empty one (a round trip
 * with nothing locked). Not sql.reserve() with BEGIN pipelined too (tried): a reserve() that
 * waits while a connection closes (a failover) is handed to that connection's reconnect and
 * dropped, and the request waits for ever (porsager/postgres#1195).
 */
function transactionWithCommit<T>(
  txSql: postgres.TransactionSql,
  db: Db,
  fn: (tx: Tx) => Promise<T>,
  counted: (error: unknown) => never,
): Promise<T> {
  let ending: Promise<postgres.RowList<postgres.Row[]>> | null = null;
  const sent: Promise<unknown>[] = [];
  const committed = async () => {
    ending ??= txSql.unsafe('COMMIT AND CHAIN');
    if ((await ending).command === 'COMMIT') return;
    // Rolled back: the error of the statement that failed (those after it only say so).
    throw firstFailure(await Promise.allSettled(sent)) ?? new RolledBackError();
  };
  const tx: Tx = {
    query: <R>(strings: TemplateStringsArray, ...params: unknown[]) => {
      if (ending) return Promise.reject(new Error(ENDED_TRANSACTION));
      const statement = run<R>(txSql, strings, params).catch(counted);
      // Its failure always comes back through the COMMIT (PostgreSQL rolls back): a caller
      // that has not looked at it yet is no unhandled rejection that ends the process.
      statement.catch(() => {});
      sent.push(statement);
      return statement;
    },
    runScript: async (sqlText) => {
      if (ending) throw new Error(ENDED_TRANSACTION);
      await txSql.unsafe(sqlText);
    },
    commit: committed,
  };
  return runInTransactionScope(db, async () => {
    const result = await fn(tx);
    // Sent early: it must have committed, or the transaction fails with the statement's error.
    if (ending) await committed();
    return result;
  });
}

/** The first statement's error that is not "the transaction is aborted" (25P02), if any. */
function firstFailure(results: PromiseSettledResult<unknown>[]): unknown {
  for (const result of results) {
    if (result.status === 'rejected' && sqlState(result.reason) !== '25P02') return result.reason;
  }
  return undefined;
}

type Handler = { onPayload: (payload: string) => void; onReconnect?: () => void };

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Longest wait between two attempts to listen again after the connection was lost. */
const RELISTEN_MAX_MS = 10_000;

/**
 * The one listening connection of a Db, opened at the first listen. Not postgres.js' sql.listen:
 * when its connection drops, that one re-listens once and silently forgets the listener if the
 * server is not back yet. Here a lost connection is retried with back-off until it listens again,
 * and the listeners are told so that they can catch up on what they missed.
 */
function notifications(url: string) {
  const channels = new Map<string, Set<Handler>>();
  // The LISTEN of each channel, in force once it resolves.
  const listening = new Map<string, Promise<void>>();
  let client: postgres.Sql | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let attempts = 0;
  let closed = false;

  const open = () => {
    client ??= postgres(url, {
      max: 1,
      max_lifetime: null,
      connect_timeout: CONNECT_TIMEOUT_S,
      backoff: retryBackoff,
      fetch_types: false,
      onnotice: () => {},
      connection: { application_name: 'cinema-api-listen' },
      // onnotify is postgres.js' own option (what sql.listen uses), missing from its types.
      ...({
        onnotify: (channel: string, payload: string) => {
          for (const handler of channels.get(channel) ?? []) handler.onPayload(payload);
        },
      } as object),
      onclose: () => {
        if (!closed && channels.size > 0) relistenLater();
      },
    });
    return client;
  };

  function relistenLater() {
    if (retry || closed) return;
    retry = setTimeout(relisten, Math.min(RELISTEN_MAX_MS, 250 * 2 ** attempts));
  }

  async function relisten() {
    retry = null;
    if (closed || channels.size === 0) return;
    try {
      // The next statement opens a new connection: LISTEN again on every channel in use.
      await open().unsafe([...channels.keys()].map((c) => `LISTEN ${quoteIdent(c)}`).join('; '));
    } catch {
      attempts++;
      relistenLater();
      return;
    }
    attempts = 0;
    for (const handlers of channels.values()) {
      for (const handler of handlers) handler.onReconnect?.();
    }
  }

  return {
    async listen(channel: string, handler: Handler): Promise<Listening> {
      if (closed) throw new Error('The database is closed.');
      let handlers = channels.get(channel);
      if (!handlers) {
        handlers = new Set();
        channels.set(channel, handlers);
        // Concurrent first listens of a channel all wait for its one LISTEN.
        listening.set(
          channel,
          open()
            .unsafe(`LISTEN ${quoteIdent(channel)}`)
            .then(() => {}),
        );
      }
      try {
        await listening.get(channel);
      } catch (error) {
        if (channels.get(channel) === handlers && handlers.size === 0) {
          channels.delete(channel);
          listening.delete(channel);
        }
        throw error;
      }
      handlers.add(handler);
      const own = handlers;
      let active = true;
      return {
        async unlisten() {
          if (!active) return;
          active = false;
          own.delete(handler);
          if (own.size > 0 || channels.get(channel) !== own) return;
          channels.delete(channel);
          listening.delete(channel);
          if (!closed) await client?.unsafe(`UNLISTEN ${quoteIdent(channel)}`).catch(() => {});
        },
      };
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      retry = null;
      channels.clear();
      listening.clear();
      await client?.end({ timeout: 1 });
    },
  };
}

export function openPostgres(url: string, options: PostgresOptions = {}): Db {
  const max = options.max ?? 10;
  const inPool = gate(max);
  const connect = () =>
    postgres(url, {
      max,
      onnotice: () => {}, // "relation already exists, skipping" and the like are not news
      connection: {
        application_name: options.applicationName ?? 'cinema-api',
        // JIT compiled the year report's first runs on each pooled connection for 0.6 to 0.9 s,
        // more than the query itself; the API's statements are short (docs/scaling.md).
        jit: 'off',
        ...(options.readOnly ? { default_transaction_read_only: true } : {}),
      },
      connect_timeout: options.connectTimeout ?? CONNECT_TIMEOUT_S,
      backoff: options.retryDelay !== undefined ? () => options.retryDelay as number : retryBackoff,
      // Match PGlite (see db.ts): int8 and numeric come back as numbers, not strings, and a string
      // sent to a json(b) parameter is taken as JSON text (postgres.js would quote it again).
      types: {
        int8: { to: INT8_OID, from: [INT8_OID], serialize: String, parse: parseInt8 },
        numeric: { to: NUMERIC_OID, from: [NUMERIC_OID], serialize: String, parse: Number },
        json: {
          to: JSON_OID,
          from: [JSON_OID, JSONB_OID],
          serialize: toJsonText,
          parse: JSON.parse,
        },
      },
    });
  let sql = connect();
  const listener = notifications(url);
  let pinger: postgres.Sql | null = null;
  let closed = false;
  let renewedAt = 0;
  let statementErrors = 0;
  const counted = (error: unknown): never => {
    if (isStatementFailure(error)) statementErrors++;
    throw error;
  };

  // A write answered 25006 (read-only transaction) on the primary's pool: its connections are on
  // a standby (a multi-host DATABASE_URL after a failover, or one whose old primary came back as
  // a standby). postgres.js keeps a connection it has, so none of them would ever move: a new
  // pool connects afresh (choosing the host by target_session_attrs=primary) while the old one
  // finishes what it runs and ends. Decision 0022.
  function renewIfReadOnly(error: unknown) {
    if (options.readOnly || closed || !isReadOnlyServer(error)) return;
    const now = performance.now();
    if (now - renewedAt < RENEW_MIN_INTERVAL_MS) return;
    renewedAt = now;
    const old = sql;
    sql = connect();
    void old.end({ timeout: 5 }).catch(() => {});
  }

  // Queries fail once their connection is lost; the server found next may not be the one the
  // instance kept things in memory about (generation.ts).
  function failed(error: unknown): never {
    if (isConnectionLoss(error)) nextDbGeneration(db);
    renewIfReadOnly(error);
    throw error;
  }

  const db: Db = {
    kind: 'postgres',
    query<T>(strings: TemplateStringsArray, ...params: unknown[]) {
      assertNotInTransaction(db);
      return inPool(() => run<T>(sql, strings, params).catch(counted)).catch(failed);
    },
    async transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      assertNotInTransaction(db);
      const result = await inPool(() =>
        sql.begin((txSql) => transactionWithCommit(txSql, db, fn, counted)),
      ).catch(failed);
      return result as T;
    },
    listen(channel, onPayload, onReconnect) {
      return listener.listen(channel, { onPayload, onReconnect });
    },
    async ping() {
      if (closed) throw new Error('The database was closed: no ping');
      pinger ??= postgres(url, {
        max: 1,
        connect_timeout: options.connectTimeout ?? CONNECT_TIMEOUT_S,
        backoff: retryBackoff,
        fetch_types: false,
        onnotice: () => {},
        connection: { application_name: 'cinema-api-health' },
      });
      await pinger`SELECT 1`;
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([listener.close(), sql.end({ timeout: 5 }), pinger?.end({ timeout: 5 })]);
    },
    stats: () => ({
      statementErrors,
      pool: { inUse: inPool.inUse(), waiting: inPool.waiting(), max },
    }),
  };
  return db;
}
