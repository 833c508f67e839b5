// A transaction's statements planned once per connection instead of at every call. PostgreSQL
// plans a prepared statement with an array parameter (`id = ANY ($1::bigint[])`, a hold's seats)
// afresh at each call: for an array it cannot see, its one plan for every call (the "generic"
// plan) is estimated dearer than a plan made for the values at hand, so it never switches. At an
// on-sale that planning was a third of PostgreSQL's time (docs/decisions/0050-generic-plans-on-the-booking-path.md).
// Only for statements whose best plan does not depend on their values: reads and writes by
// primary key, by a show's id, by a customer's id. Not for reports (a date range's plan does).
import type { Queryable } from './db.ts';

/**
 * Sets the transaction's statements to generic plans until it ends. Send it with the
 * transaction's first batch of statements (pipelined: no round trip of its own).
 */
export function preferGenericPlans(tx: Queryable): Promise<unknown> {
  return tx.query`SET LOCAL plan_cache_mode = force_generic_plan`;
}
