// The one database interface every module uses. Two implementations: postgres.js (a PostgreSQL
// server, DATABASE_URL) and PGlite (embedded). Both return the same JS types:
//   int8 (count(*), bigint ids) -> number (bigint only beyond Number.MAX_SAFE_INTEGER)
//   numeric (sum(bigint), avg)  -> number (the product's amounts are whole rupees)
//   date / timestamp(tz)        -> Date;  json(b) -> parsed value;  time, text, uuid -> string
// and a json(b) parameter takes a JS value (sent as JSON) or a string (already JSON text).
import { AsyncLocalStorage } from 'node:async_hooks';

export type Row = Record<string, unknown>;

export interface Queryable {
  /**
   * Tagged template: every `${value}` is sent as a bind parameter, never spliced into the text.
   * Resolves to plain row objects. `undefined` parameters are rejected (use null).
   */
  query<T = Row>(strings: TemplateStringsArray, ...params: unknown[]): Promise<T[]>;
}

export interface Tx extends Queryable {
  /** Runs trusted SQL text with several statements and no parameters. For migration files only. */
  runScript(sqlText: string): Promise<void>;
  /**
   * Ends the transaction behind the statements sent so far, without waiting for their answers:
   * on a PostgreSQL server COMMIT goes out right behind them (pipelined), so the rows they lock
   * are free as soon as PostgreSQL has run them, not a round trip through this process later
   * (decision 0054). If one of them fails, PostgreSQL rolls the whole transaction back and this
   * rejects with that statement's error. Only for a last batch whose outcome the SQL decides
   * (fail_unless(), migration 0034): no statement may be sent after it, and the callback must not
   * throw for reasons of its own once it is called. Without it, the transaction commits when the
   * callback resolves.
   */
  commit(): Promise<void>;
}

/** What tx.commit() rejects with when PostgreSQL rolled back and no statement said why. */
export class RolledBackError extends Error {
  constructor() {
    super('The transaction was rolled back: a statement in it failed.');
    this.name = 'RolledBackError';
  }
}

/** Thrown by a statement sent through `tx` after tx.commit(). */
export const ENDED_TRANSACTION = 'This transaction has ended: tx.commit() was called.';

export interface Db extends Queryable {
  readonly kind: 'postgres' | 'pglite';
  /** Commits when `fn` resolves, rolls back when it throws. Use `tx`, not `db`, inside. */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Calls `onPayload` with the payload of every NOTIFY on `channel`, in commit order, through one
   * connection of its own (never one of the pool's), shared by every listen of this Db. Resolves
   * once the LISTEN is in force. If that connection is lost, it is opened again (retrying with
   * back-off) and `onReconnect` runs once the LISTEN is in force again: whatever was notified in
   * between is lost, so the caller catches up from the tables.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<Listening>;
  /**
   * Resolves when the server answers `SELECT 1` through a connection of its own, never queued
   * behind the pool's work: a health check asks whether the database answers, not how busy this
   * instance is (an instance whose pool is queueing at an on-sale is slow, not down).
   */
  ping(): Promise<void>;
  /** Closes the pool and the listening connection. */
  close(): Promise<void>;
  /** What the metrics read when scraped (metrics/collectors.ts); cheap, no statement. */
  stats?(): DbStats;
}

export interface DbStats {
  /** Statements that failed so far (bad SQL, a violated constraint, a lost connection). */
  statementErrors: number;
  /** The pool's connections running a statement, the callers queued for one, and its size; null: PGlite. */
  pool: { inUse: number; waiting: number; max: number } | null;
}

export interface Listening {
  /** Stops this listen (the connection stays for the others); idempotent. */
  unlisten(): Promise<void>;
}

export type DbKind = Db['kind'];

// Which Db, if any, has a transaction open in the current async context. Using the outer `db`
// inside its own transaction would run outside it (postgres.js) or wait forever for the
// transaction to end (PGlite, one connection), so both implementations refuse it loudly.
const openTransaction = new AsyncLocalStorage<Db>();

export function assertNotInTransaction(db: Db): void {
  if (openTransaction.getStore() === db) {
    throw new Error('Inside db.transaction(), query through its `tx`, not through `db`.');
  }
}

export function runInTransactionScope<T>(db: Db, fn: () => Promise<T>): Promise<T> {
  return openTransaction.run(db, fn);
}

export function rejectUndefined(params: readonly unknown[]): void {
  const index = params.indexOf(undefined);
  if (index !== -1) {
    throw new TypeError(`SQL parameter $${index + 1} is undefined; pass null for SQL NULL.`);
  }
}

/** Same rule PGlite applies to int8: a number while it is exact, a bigint beyond that. */
export function parseInt8(text: string): number | bigint {
  const n = BigInt(text);
  return n > BigInt(Number.MAX_SAFE_INTEGER) || n < BigInt(Number.MIN_SAFE_INTEGER) ? n : Number(n);
}

export const INT8_OID = 20;
export const NUMERIC_OID = 1700;
export const JSON_OID = 114;
export const JSONB_OID = 3802;
