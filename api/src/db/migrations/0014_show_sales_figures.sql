-- The sales report at a chain's scale (docs/scaling.md). The report reads each show's figures from
-- its row instead of counting its bookings: a year is ~100,000 shows and millions of bookings, and
-- counting them per request took seconds. booked_seats (migration 0011) is the tickets sold; these
-- two complete the figures. Every transaction that changes a show's bookings already ends with
-- booking/sql.ts recordSeatChange, which now recounts all three under the show's row lock, so they
-- are as current as the bookings at every commit.
ALTER TABLE shows
  -- Cancelled bookings of the show (a seat booked and cancelled twice counts twice).
  ADD COLUMN cancelled_bookings integer NOT NULL DEFAULT 0,
  -- Live bookings of the show admitted at the door.
  ADD COLUMN checked_in_seats integer NOT NULL DEFAULT 0;

-- Every show's figures from its bookings. booked_seats too: before this migration two writers of
-- one show could each store a count from before the other's commit.
UPDATE shows s
   SET booked_seats = c.booked, cancelled_bookings = c.cancelled, checked_in_seats = c.checked_in
  FROM (SELECT show_id,
               count(*) FILTER (WHERE NOT is_cancelled)::integer AS booked,
               count(*) FILTER (WHERE is_cancelled)::integer AS cancelled,
               count(*) FILTER (WHERE NOT is_cancelled AND checked_in_at IS NOT NULL)::integer
                 AS checked_in
          FROM bookings
         GROUP BY show_id) c
 WHERE c.show_id = s.id
   AND (s.booked_seats, s.cancelled_bookings, s.checked_in_seats)
       IS DISTINCT FROM (c.booked, c.cancelled, c.checked_in);
