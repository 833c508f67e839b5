-- No hoarding (api/README.md, "Limits per customer"): every hold, confirm and single-seat booking
-- counts the customer's live seats of that show, and every hold their active holds on other shows.
-- These indexes keep both counts to the customer's own rows, however many bookings and lapsed holds
-- they have elsewhere.
CREATE INDEX bookings_user_show_live_idx ON bookings (user_id, show_id) WHERE NOT is_cancelled;
CREATE INDEX holds_user_active_idx ON holds (user_id, expires_at)
  WHERE released_at IS NULL AND confirmed_at IS NULL;
