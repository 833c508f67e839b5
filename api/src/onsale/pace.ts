// How often one API instance runs a show's admission (or its waitlist's offers) when fans poll:
// at most once per ADMIT_EVERY_MS by the injected clock (a join always runs it). Kept per database
// object, so two test apps on two databases never share it; several instances each keep their
// own, and the advisory locks in onsale/sql.ts and waitlist-sql.ts make their runs take turns.
import { ADMIT_EVERY_MS } from './rules.ts';

const lastRun = new WeakMap<object, Map<string, number>>();
const KEYS_KEPT = 10_000;

/** True (and noted) when the show's `kind` of run has not happened here for ADMIT_EVERY_MS. */
export function admissionDue(
  db: object,
  showId: number,
  now: Date,
  kind: 'admission' | 'offers' = 'admission',
): boolean {
  let runs = lastRun.get(db);
  if (!runs) {
    runs = new Map();
    lastRun.set(db, runs);
  }
  const key = `${kind}:${showId}`;
  const at = now.getTime();
  const last = runs.get(key);
  // A clock moved back (tests) counts as due.
  if (last !== undefined && at >= last && at - last < ADMIT_EVERY_MS) return false;
  if (runs.size >= KEYS_KEPT) runs.clear();
  runs.set(key, at);
  return true;
}
