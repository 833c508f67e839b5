-- A show's live bookings and seats under an active hold at a given moment, written once for
-- every query that lists shows (the customer list, one show, the paged owner/admin list).
-- LANGUAGE sql and STABLE so the planner inlines it: the counts still read the indexes
-- bookings_show_live_idx and seats_held_idx directly.
CREATE FUNCTION show_seat_counts(p_show bigint, p_at timestamptz)
RETURNS TABLE (booked_seats integer, held_seats integer)
LANGUAGE sql STABLE
AS $$
  SELECT
    (SELECT count(*)::integer FROM bookings b
      WHERE b.show_id = p_show AND NOT b.is_cancelled),
    (SELECT count(*)::integer FROM seats se
      WHERE se.show_id = p_show AND se.hold_id IS NOT NULL AND se.held_until > p_at
        AND NOT EXISTS (SELECT 1 FROM bookings b
                         WHERE b.seat_id = se.id AND NOT b.is_cancelled))
$$;
