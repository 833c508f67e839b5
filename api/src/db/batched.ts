// One statement for the same small statement of many concurrent requests: at an on-sale's
// opening thousands of joins a second each read a session and insert a row, and each statement
// costs its own write to a socket, its own round trip and (for a write) its own commit waiting for
// the synchronous standby. Here, while a batch is at the database, the calls that come meanwhile
// wait and go together when it answers; at rest a call goes at once, alone. The batches grow with
// the database's answer time, as PostgreSQL's group commit does (docs/decisions/0049-batched-statements.md).
// DataLoader collects the calls and hands each its own answer; this module decides when a batch
// goes, and tries a failed batch's items one by one, so one bad item fails only its own caller.
import DataLoader from 'dataloader';
import { assertNotInTransaction, type Db } from './db.ts';

/** Answers one result per item, in the items' order, from one statement. */
export type BatchRun<I, O> = (db: Db, items: readonly I[]) => Promise<readonly O[]>;

/** The most items one statement carries (a larger crowd goes in the next batches). */
export const MAX_BATCH = 500;

/**
 * `run` for one item at a time, as its callers see it: `(db, item) => Promise<answer>`. Each Db
 * (a pool, a PGlite) has its own batches, one at the database at a time. Not for use inside a
 * transaction (the batch runs on the pool, outside it): refused loudly.
 */
export function batched<I, O>(
  run: BatchRun<I, O>,
  { maxBatch = MAX_BATCH }: { maxBatch?: number } = {},
): (db: Db, item: I) => Promise<O> {
  const perDb = new WeakMap<Db, DataLoader<I, O>>();
  return (db, item) => {
    assertNotInTransaction(db);
    let loader = perDb.get(db);
    if (!loader) {
      loader = batchLoader((items) => run(db, items), maxBatch);
      perDb.set(db, loader);
    }
    return loader.load(item);
  };
}

function batchLoader<I, O>(
  run: (items: readonly I[]) => Promise<readonly O[]>,
  maxBatch: number,
): DataLoader<I, O> {
  let atDatabase = false;
  // Batches made while one was at the database, in order: each goes when the one before answers.
  const next: (() => void)[] = [];
  const go = (dispatch: () => void) => {
    atDatabase = true;
    dispatch();
  };
  const answered = () => {
    const dispatch = next.shift();
    if (dispatch) go(dispatch);
    else atDatabase = false;
  };
  return new DataLoader<I, O>(
    async (items) => {
      try {
        return await runOrOneByOne(run, items);
      } finally {
        answered();
      }
    },
    {
      cache: false,
      maxBatchSize: maxBatch,
      batchScheduleFn: (dispatch) => {
        if (atDatabase) next.push(dispatch);
        // At rest: the calls of this same turn of the event loop go with it, then at once.
        else {
          atDatabase = true;
          queueMicrotask(() => go(dispatch));
        }
      },
    },
  );
}

/** The batch as one statement; if it fails, each item alone (the errors are theirs). */
async function runOrOneByOne<I, O>(
  run: (items: readonly I[]) => Promise<readonly O[]>,
  items: readonly I[],
): Promise<readonly (O | Error)[]> {
  try {
    return await run(items);
  } catch (error) {
    if (items.length === 1) throw error;
    return await Promise.all(
      items.map((item) =>
        run([item]).then(
          ([answer]) => answer as O,
          (e: unknown) => (e instanceof Error ? e : new Error(String(e))),
        ),
      ),
    );
  }
}
