// A Db that remembers the text of every statement sent through it or its transactions, for tests
// that assert what reaches PostgreSQL (an answer from memory sends nothing). `state.deaf` drops
// the notifications it would hear, as an instance whose listening connection missed them.
import type { Db, Tx } from '../db/db.ts';

export function recordingDb(db: Db) {
  const texts: string[] = [];
  const state = { deaf: false };
  const seen = (strings: TemplateStringsArray) => texts.push(strings.join('$').trim());
  const wrapped: Db = {
    kind: db.kind,
    query(strings, ...params) {
      seen(strings);
      return db.query(strings, ...params);
    },
    transaction: (fn) =>
      db.transaction((tx) => {
        const recorded: Tx = {
          query(strings, ...params) {
            seen(strings);
            return tx.query(strings, ...params);
          },
          runScript: (sqlText) => tx.runScript(sqlText),
          commit: () => tx.commit(),
        };
        return fn(recorded);
      }),
    listen: (channel, onPayload, onReconnect) =>
      db.listen(channel, (payload) => state.deaf || onPayload(payload), onReconnect),
    ping: () => db.ping(),
    close: () => db.close(),
  };
  // The live hub's heartbeat (live/heartbeat.ts) is not a request's.
  const requests = (from = 0) =>
    texts.slice(from).filter((text) => !text.startsWith('SELECT pg_notify('));
  /** How many statements requests have sent so far. */
  const reads = () => requests().length;
  /** The statements requests sent while `fn` ran. */
  const during = async (fn: () => Promise<unknown>) => {
    const from = texts.length;
    await fn();
    return requests(from);
  };
  return { db: wrapped, state, reads, during };
}
