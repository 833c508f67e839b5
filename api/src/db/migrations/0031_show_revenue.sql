-- A show's takings, for the sales report (docs/decisions/0045-screens-and-seat-layouts.md): seats
-- now carry their own price, so revenue is no longer tickets sold x one price. Like the other
-- figures of migration 0014 it is kept on the show's row by booking/sql.ts recordSeatChange (the
-- sum of its live bookings' prices), so the report still reads shows, never their bookings.
ALTER TABLE shows ADD COLUMN revenue bigint NOT NULL DEFAULT 0;

UPDATE shows s
   SET revenue = c.revenue
  FROM (SELECT show_id, sum(price)::bigint AS revenue
          FROM bookings
         WHERE NOT is_cancelled
         GROUP BY show_id) c
 WHERE c.show_id = s.id;
