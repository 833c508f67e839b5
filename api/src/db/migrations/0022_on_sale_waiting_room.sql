-- Sales that open at a time, and a waiting line in front of a high-demand show
-- (docs/decisions/0031-on-sale-waiting-room.md).
--
-- sales_open_at: no hold or booking of the show before it (NULL: on sale from its creation).
-- high_demand: customers wait in sale_line and hold seats only with an admission token
-- (api/src/onsale/). Both are set by the show's owner.
ALTER TABLE shows
  ADD COLUMN sales_open_at timestamptz,
  ADD COLUMN high_demand boolean NOT NULL DEFAULT false;

-- One place per account and show. sort_key orders the line: fans who joined in the minutes
-- before the opening get a random key below the opening's epoch (so refreshing at the opening
-- instant beats nobody), later arrivals their arrival's epoch; seq breaks ties in arrival order.
-- A place is admitted (admitted_at, admitted_until) by onsale/sql.ts admitNext, set-based.
CREATE TABLE sale_line (
  show_id bigint NOT NULL REFERENCES shows (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  seq bigint GENERATED ALWAYS AS IDENTITY,
  sort_key double precision NOT NULL,
  joined_at timestamptz NOT NULL,
  admitted_at timestamptz,
  admitted_until timestamptz,
  -- The customer left the line (DELETE onsale/{id}/line/): their place no longer counts.
  left_at timestamptz,
  PRIMARY KEY (show_id, user_id),
  CONSTRAINT sale_line_admission_together CHECK ((admitted_at IS NULL) = (admitted_until IS NULL)),
  CONSTRAINT sale_line_admission_ends CHECK (admitted_until IS NULL OR admitted_until > admitted_at)
);

-- The waiting part of a line in its order: the next to admit, and how many are ahead of a place.
CREATE INDEX sale_line_waiting_idx ON sale_line (show_id, sort_key, seq)
  WHERE admitted_at IS NULL AND left_at IS NULL;
-- Admissions in force (how many more may be admitted) and recent (the estimated wait).
CREATE INDEX sale_line_admitted_idx ON sale_line (show_id, admitted_at)
  WHERE admitted_at IS NOT NULL;

-- The waitlist of a sold-out show (docs/decisions/0031-on-sale-waiting-room.md): one entry per
-- account, for 1 to 10 seats, in joining order (seq). Freed seats (a cancellation, a lapsed hold)
-- are offered to the first waiting entry whose quantity fits, as a hold in that customer's name
-- (hold_id); unclaimed when the hold lapses, the entry is 'passed' and the seats go to the next.
CREATE TABLE waitlist (
  show_id bigint NOT NULL REFERENCES shows (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  seq bigint GENERATED ALWAYS AS IDENTITY,
  seats integer NOT NULL CHECK (seats BETWEEN 1 AND 10),
  joined_at timestamptz NOT NULL,
  state text NOT NULL DEFAULT 'waiting'
    CHECK (state IN ('waiting', 'offered', 'claimed', 'passed', 'left')),
  hold_id bigint REFERENCES holds (id) ON DELETE SET NULL,
  offered_at timestamptz,
  PRIMARY KEY (show_id, user_id),
  CONSTRAINT waitlist_offer_has_hold CHECK (state <> 'offered' OR hold_id IS NOT NULL)
);

CREATE INDEX waitlist_waiting_idx ON waitlist (show_id, seq) WHERE state = 'waiting';
CREATE INDEX waitlist_offered_idx ON waitlist (show_id) WHERE state = 'offered';

-- The email that offers a waitlist entry its seats (onsale/offer-email.ts). The constraint is
-- the one migration 0020 wrote, with the new kind added.
ALTER TABLE email_queue DROP CONSTRAINT email_queue_kind_check;
ALTER TABLE email_queue ADD CONSTRAINT email_queue_kind_check
  CHECK (kind IN ('confirmation', 'cancellation', 'signup_code', 'password_reset_code',
                  'signup_attempt_existing', 'waitlist_offer'));
