-- The live seat map (docs/decisions/0014-live-seat-map-on-postgresql.md). Every transaction that
-- changes what a show's seat map shows ends with one statement (booking/sql.ts recordSeatChange)
-- that, on the show's row:
--   * bumps seats_version: a cached map is current exactly when its version is the row's, so
--     any number of API instances can answer the map from memory after one primary-key read;
--   * recounts booked_seats and held_seats: lists read the counts instead of counting seats of
--     every show on every request (a hold that lapses is recounted by the expiry sweep);
-- and logs the seats' new public status in seat_events, announced with NOTIFY seat_events in
-- the same transaction, so every instance's streams hear it at commit and a reconnecting viewer
-- can be sent what it missed.
ALTER TABLE shows
  ADD COLUMN seats_version bigint NOT NULL DEFAULT 0,
  ADD COLUMN booked_seats integer NOT NULL DEFAULT 0,
  ADD COLUMN held_seats integer NOT NULL DEFAULT 0;

UPDATE shows s
   SET booked_seats = c.booked_seats, held_seats = c.held_seats
  FROM shows x CROSS JOIN LATERAL show_seat_counts(x.id, now()) c
 WHERE x.id = s.id;

CREATE TABLE seat_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  show_id bigint NOT NULL REFERENCES shows (id) ON DELETE CASCADE,
  -- The show's seats_version this change made.
  version bigint NOT NULL,
  -- [{"id": seat id, "status": "booked" | "held" | "available", "booked_by": username | null}]
  seats jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
-- A reconnecting viewer reads the show's events after the last one it saw.
CREATE INDEX seat_events_show_idx ON seat_events (show_id, id);
-- Old events are pruned by age.
CREATE INDEX seat_events_created_idx ON seat_events (created_at);

-- The expiry sweep finds lapsed holds (and the next one to lapse) without reading every seat.
CREATE INDEX seats_held_until_idx ON seats (held_until) WHERE held_until IS NOT NULL;
