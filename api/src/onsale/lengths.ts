// How long the queues of some shows are, for their owner's show list: the customers waiting on
// each show's waitlist and, for a high-demand show, in its waiting line
// (docs/decisions/0031-on-sale-waiting-room.md).
import type { Queryable } from '../db/db.ts';

export interface QueueLengths {
  show_id: number;
  waitlist_length: number;
  /** Waiting places in the line (neither admitted nor left); null: the show has no line. */
  line_length: number | null;
}

/**
 * The lengths of the shows among `showIds` that `ownerId`'s theaters have (every one of them when
 * `ownerId` is null: an admin), by id. Each count reads a partial index of waiting rows.
 */
export async function queueLengths(
  q: Queryable,
  showIds: number[],
  ownerId: number | null,
): Promise<QueueLengths[]> {
  return await q.query<QueueLengths>`
    SELECT s.id AS show_id,
           (SELECT count(*)::integer FROM waitlist w
             WHERE w.show_id = s.id AND w.state = 'waiting') AS waitlist_length,
           CASE WHEN s.high_demand THEN (
             SELECT count(*)::integer FROM sale_line l
              WHERE l.show_id = s.id AND l.admitted_at IS NULL AND l.left_at IS NULL) END
             AS line_length
      FROM shows s JOIN theaters t ON t.id = s.theater_id
     WHERE s.id = ANY(${showIds}::bigint[])
       AND (${ownerId}::bigint IS NULL OR t.owner_id = ${ownerId}::bigint)
     ORDER BY s.id`;
}
