-- Screens (auditoriums) inside a theater, each with a seat layout its owner draws: rows, aisles
-- and gaps, blocked seats, wheelchair spaces with companion seats, and categories with prices
-- (docs/decisions/0045-screens-and-seat-layouts.md). A show plays on one screen; shows overlap
-- only on different screens. Every existing theater becomes one screen, 'Screen 1', with its
-- rectangle of Standard seats at the spec's 100 rupees, and every show plays there.

CREATE TABLE screens (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  theater_id bigint NOT NULL REFERENCES theaters (id),
  name text NOT NULL CHECK (name <> '' AND name = btrim(name) AND length(name) <= 40),
  -- {"categories": [{"name", "price"}], "rows": [{"label", "cells": [null | {"category",
  -- "kind"?}]}]}: null is a gap (an aisle); kind is "wheelchair", "companion" or "blocked".
  -- Checked by packages/contract/src/seating.js checkLayout before it is written.
  layout jsonb NOT NULL CHECK (jsonb_typeof(layout) = 'object'),
  -- Wheelchair spaces and their companion seats go on general sale this long before a show.
  accessible_release_minutes integer NOT NULL DEFAULT 120
    CHECK (accessible_release_minutes BETWEEN 0 AND 10080),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT screens_theater_name_key UNIQUE (theater_id, name),
  -- Target of shows' (screen_id, theater_id) key: a show's screen is in the show's theater.
  CONSTRAINT screens_id_theater_key UNIQUE (id, theater_id)
);

INSERT INTO screens (theater_id, name, layout, created_at, updated_at)
SELECT t.id, 'Screen 1',
       jsonb_build_object(
         'categories', jsonb_build_array(jsonb_build_object('name', 'Standard', 'price', 100)),
         'rows', (SELECT jsonb_agg(jsonb_build_object(
                           'label', chr(64 + r),
                           'cells', (SELECT jsonb_agg(jsonb_build_object('category', 'Standard'))
                                       FROM generate_series(1, t.seats_per_row)))
                         ORDER BY r)
                    FROM generate_series(1, t.seat_rows) AS r)),
       t.created_at, t.created_at
  FROM theaters t
 ORDER BY t.id;

ALTER TABLE shows
  ADD COLUMN screen_id bigint,
  -- When its wheelchair spaces and companion seats go on general sale (fixed at creation).
  ADD COLUMN accessible_release_at timestamptz;

UPDATE shows s
   SET screen_id = sc.id, accessible_release_at = s.starts_at - interval '120 minutes'
  FROM screens sc
 WHERE sc.theater_id = s.theater_id;

ALTER TABLE shows
  ALTER COLUMN screen_id SET NOT NULL,
  ALTER COLUMN accessible_release_at SET NOT NULL,
  ADD CONSTRAINT shows_screen_theater_fkey FOREIGN KEY (screen_id, theater_id)
    REFERENCES screens (id, theater_id),
  DROP CONSTRAINT shows_no_overlap,
  -- Two shows on one screen never overlap ([starts_at, ends_at): back to back is fine).
  ADD CONSTRAINT shows_no_overlap_on_screen EXCLUDE USING gist (
    screen_id WITH =,
    tstzrange(starts_at, ends_at) WITH &&
  );

-- A show's seats are its screen's layout when it was created (or last redrawn before sales):
-- where each stands (row_pos from the front, x across, gaps counted), what it is, its category
-- and price, and for a wheelchair space or companion seat the x of its pair in the same row.
--
-- Online (docs/decisions/0045-screens-and-seat-layouts.md, "Migrating a chain's seats"): a chain
-- has millions of seat rows, and this transaction holds the lock of every table it alters. So
-- nothing here reads or rewrites them: the new columns are nullable or have a constant default
-- (no rewrite), the checks are NOT VALID (enforced on every new or changed row, no scan), and
-- json_head stays as it was (the seat map appends the new fields as it reads them). The existing
-- rows get their place afterwards, in batches that each lock a few thousand rows for a moment
-- (db/backfills.ts seatPlaces), which then validates these checks and sets NOT NULL.
ALTER TABLE seats
  DROP CONSTRAINT seats_row_label_check,
  DROP CONSTRAINT seats_col_check,
  ADD COLUMN row_pos smallint,
  ADD COLUMN x smallint,
  ADD COLUMN kind text NOT NULL DEFAULT 'seat',
  ADD COLUMN category text NOT NULL DEFAULT 'Standard',
  ADD COLUMN price integer NOT NULL DEFAULT 100,
  ADD COLUMN partner_x smallint,
  ADD CONSTRAINT seats_row_label_check CHECK (row_label ~ '^[A-Z]{1,2}$') NOT VALID,
  ADD CONSTRAINT seats_col_check CHECK (col BETWEEN 1 AND 60) NOT VALID,
  ADD CONSTRAINT seats_row_pos_check CHECK (row_pos IS NOT NULL AND row_pos BETWEEN 1 AND 26) NOT VALID,
  ADD CONSTRAINT seats_x_check CHECK (x IS NOT NULL AND x BETWEEN 1 AND 60) NOT VALID,
  ADD CONSTRAINT seats_kind_check
    CHECK (kind IN ('seat', 'wheelchair', 'companion', 'blocked')) NOT VALID,
  -- No quote, backslash or control character: the seat map writes it into JSON as is.
  ADD CONSTRAINT seats_category_check CHECK (category ~ '^[^"\\[:cntrl:]]{1,30}$') NOT VALID,
  ADD CONSTRAINT seats_price_check CHECK (price BETWEEN 0 AND 100000) NOT VALID,
  ADD CONSTRAINT seats_partner_of_pairs
    CHECK ((partner_x IS NOT NULL) = (kind IN ('wheelchair', 'companion'))) NOT VALID;

-- A seat made the spec's way (row letter, number; by an API instance of the previous version
-- while a deploy rolls, or before the backfill reaches it) stands where its label says.
CREATE FUNCTION seats_place_from_label() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.row_pos := coalesce(NEW.row_pos, ascii(NEW.row_label) - 64);
  NEW.x := coalesce(NEW.x, NEW.col);
  RETURN NEW;
END
$$;
CREATE TRIGGER seats_place_from_label BEFORE INSERT ON seats
  FOR EACH ROW WHEN (NEW.row_pos IS NULL OR NEW.x IS NULL)
  EXECUTE FUNCTION seats_place_from_label();
