-- Booking: theaters with a seat layout, their movies, shows (each with its own seats), seat holds
-- and bookings. Every business time (now, expiry) is written by the API from its clock; now() is
-- only a default for created_at.

-- For the exclusion constraint on shows (= on a bigint inside a GiST index).
CREATE EXTENSION IF NOT EXISTS btree_gist;

CREATE TABLE theaters (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  owner_id bigint NOT NULL REFERENCES users (id),
  name text NOT NULL CHECK (name <> '' AND name = btrim(name)),
  location text NOT NULL CHECK (location <> '' AND location = btrim(location)),
  -- The layout every new show's seats are generated from: rows A.., seats 1.. in each row.
  seat_rows integer NOT NULL DEFAULT 8 CHECK (seat_rows BETWEEN 1 AND 26),
  seats_per_row integer NOT NULL DEFAULT 12 CHECK (seats_per_row BETWEEN 1 AND 30),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX theaters_owner_idx ON theaters (owner_id);

CREATE TABLE movies (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  theater_id bigint NOT NULL REFERENCES theaters (id),
  owner_id bigint NOT NULL REFERENCES users (id),
  title text NOT NULL CHECK (title <> '' AND title = btrim(title)),
  description text NOT NULL CHECK (description <> '' AND description = btrim(description)),
  duration_minutes integer NOT NULL CHECK (duration_minutes >= 60 AND duration_minutes <= 600),
  language text NOT NULL CHECK (language <> '' AND language = btrim(language)),
  release_date date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Target of the shows' (movie_id, theater_id) key: a show plays in its movie's theater.
  CONSTRAINT movies_id_theater_key UNIQUE (id, theater_id)
);

CREATE INDEX movies_theater_idx ON movies (theater_id);
CREATE INDEX movies_owner_idx ON movies (owner_id);

CREATE TABLE shows (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  movie_id bigint NOT NULL REFERENCES movies (id),
  theater_id bigint NOT NULL REFERENCES theaters (id),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  -- How many seats were generated for it (its theater's layout then; a show's seats never
  -- change), so listing shows does not count every seat of every show.
  total_seats integer NOT NULL CHECK (total_seats > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT shows_ends_after_start CHECK (ends_at > starts_at),
  CONSTRAINT shows_movie_theater_fkey FOREIGN KEY (movie_id, theater_id)
    REFERENCES movies (id, theater_id),
  -- Two shows in one theater never overlap ([starts_at, ends_at) ranges: back to back is fine).
  CONSTRAINT shows_no_overlap EXCLUDE USING gist (
    theater_id WITH =,
    tstzrange(starts_at, ends_at) WITH &&
  )
);

CREATE INDEX shows_theater_starts_idx ON shows (theater_id, starts_at);
CREATE INDEX shows_movie_starts_idx ON shows (movie_id, starts_at);
CREATE INDEX shows_starts_idx ON shows (starts_at);

-- A customer's temporary claim on some seats of one show while they pay. Active while
-- released_at and confirmed_at are NULL and expires_at is in the future; nothing has to clean up
-- expired ones (availability always compares held_until with the current time).
CREATE TABLE holds (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  show_id bigint NOT NULL REFERENCES shows (id) ON DELETE CASCADE,
  -- The seats asked for, so the hold can be shown and checked after its seats were let go.
  seat_ids bigint[] NOT NULL CHECK (cardinality(seat_ids) BETWEEN 1 AND 10),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  released_at timestamptz,
  confirmed_at timestamptz,
  -- The Idempotency-Key of the confirm that paid for it: a retry with it gets the same tickets.
  idempotency_key text CHECK (length(idempotency_key) BETWEEN 1 AND 200),
  CONSTRAINT holds_expires_after_creation CHECK (expires_at > created_at),
  CONSTRAINT holds_released_or_confirmed CHECK (released_at IS NULL OR confirmed_at IS NULL),
  CONSTRAINT holds_confirmed_with_key CHECK ((confirmed_at IS NULL) = (idempotency_key IS NULL))
);

CREATE INDEX holds_user_show_idx ON holds (user_id, show_id);

-- One row per seat of one show, generated from the theater's layout when the show is created.
-- hold_id/held_by/held_until describe the newest hold on the seat; it is in force only while
-- held_until is in the future. Lookups by hold go through holds.seat_ids and the primary key.
CREATE TABLE seats (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  show_id bigint NOT NULL REFERENCES shows (id) ON DELETE CASCADE,
  row_label text NOT NULL CHECK (row_label ~ '^[A-Z]$'),
  col integer NOT NULL CHECK (col BETWEEN 1 AND 30),
  hold_id bigint REFERENCES holds (id) ON DELETE SET NULL,
  held_by bigint,
  held_until timestamptz,
  -- The fixed start of this seat's entry in the seat map JSON ({"id":..,"row":..,"column":..,
  -- "label":..): the map is the hottest read, and PostgreSQL appends only the status per request.
  json_head text GENERATED ALWAYS AS (
    '{"id":' || id::text || ',"row":"' || row_label || '","column":' || col::text
      || ',"label":"' || row_label || col::text || '"'
  ) STORED,
  -- The seat map reads a show's seats in this order straight from this index.
  CONSTRAINT seats_show_position_key UNIQUE (show_id, row_label, col),
  -- Target of bookings' (seat_id, show_id) key: a booking's seat is a seat of its show.
  CONSTRAINT seats_id_show_key UNIQUE (id, show_id),
  CONSTRAINT seats_hold_columns_together CHECK (
    (hold_id IS NULL) = (held_by IS NULL) AND (hold_id IS NULL) = (held_until IS NULL)
  )
);

-- The seats under a hold (current or lapsed; confirming or releasing clears them): counting a
-- show's held seats reads only these.
CREATE INDEX seats_held_idx ON seats (show_id, held_until) WHERE hold_id IS NOT NULL;

-- A ticket: one seat of one show for one customer. Cancelling keeps the row (is_cancelled).
CREATE TABLE bookings (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  show_id bigint NOT NULL REFERENCES shows (id),
  seat_id bigint NOT NULL,
  -- The hold it was paid through; NULL for a single-seat POST bookings/.
  hold_id bigint REFERENCES holds (id),
  -- Whole rupees.
  price integer NOT NULL CHECK (price >= 0),
  is_cancelled boolean NOT NULL DEFAULT false,
  -- POST bookings/ with an Idempotency-Key: a retry with it gets this booking back.
  idempotency_key text CHECK (length(idempotency_key) BETWEEN 1 AND 200),
  created_at timestamptz NOT NULL DEFAULT now(),
  cancelled_at timestamptz,
  CONSTRAINT bookings_seat_of_show_fkey FOREIGN KEY (seat_id, show_id)
    REFERENCES seats (id, show_id),
  CONSTRAINT bookings_cancelled_at CHECK ((cancelled_at IS NULL) = (NOT is_cancelled))
);

-- The last line of defence: a seat has at most one live booking, whatever the code above it does.
CREATE UNIQUE INDEX bookings_live_seat_key ON bookings (seat_id) WHERE NOT is_cancelled;
CREATE INDEX bookings_user_created_idx ON bookings (user_id, created_at);
CREATE INDEX bookings_show_live_idx ON bookings (show_id) WHERE NOT is_cancelled;
CREATE INDEX bookings_hold_idx ON bookings (hold_id) WHERE hold_id IS NOT NULL;
CREATE UNIQUE INDEX bookings_idempotency_key ON bookings (user_id, idempotency_key)
  WHERE idempotency_key IS NOT NULL;
