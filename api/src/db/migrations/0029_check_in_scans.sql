-- Door scans from several devices, merged into one truth
-- (docs/decisions/0042-door-scans-merged-across-devices.md). Every entry or exit a scanner
-- reports, online or synced after working offline, is one row here, named by the id the device
-- made for it: a retried sync finds its rows and writes nothing. The bookings keep the merged
-- state (checked_in_at, left_at, duplicate_scans), recomputed from their scans under the booking's
-- row lock (api/src/booking/door-sql.ts).
CREATE TABLE check_in_scans (
  id uuid PRIMARY KEY,
  -- Null when the text named no ticket the caller may see (an unknown code, a forged pass).
  booking_id bigint REFERENCES bookings (id) ON DELETE CASCADE,
  show_id bigint NOT NULL REFERENCES shows (id) ON DELETE CASCADE,
  kind text NOT NULL CONSTRAINT check_in_scans_kind CHECK (kind IN ('entry', 'exit')),
  -- Null for a scan made online by a client that names no device.
  device_id uuid,
  device_name text CONSTRAINT check_in_scans_device_name CHECK (length(device_name) <= 60),
  -- The device's clock at the scan, and that time corrected by the offset measured at the sync
  -- (server time minus the device's time when it sent); online scans: both the server's.
  scanned_at timestamptz NOT NULL,
  offset_ms bigint NOT NULL DEFAULT 0,
  corrected_at timestamptz NOT NULL,
  synced_at timestamptz NOT NULL,
  user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  -- Recorded order: among scans of one ticket at the same corrected time, the first recorded
  -- goes first.
  seq bigint GENERATED ALWAYS AS IDENTITY,
  outcome text NOT NULL CONSTRAINT check_in_scans_outcome
    CHECK (outcome IN ('admitted', 'readmitted', 'duplicate', 'exited', 'refused')),
  -- The error code of a refusal (ticket_cancelled, forged_ticket, not_checked_in, ...).
  code text,
  -- Whether the scan takes part in the ticket's merge (entries and exits of a ticket in scope
  -- that is not cancelled); a scan refused for what it is (forged, unknown, cancelled) does not.
  merged boolean NOT NULL DEFAULT false,
  -- For a duplicate: the admitting scan it came after (null when that admission predates scans).
  first_scan_id uuid REFERENCES check_in_scans (id) ON DELETE SET NULL,
  CONSTRAINT check_in_scans_refusal_code CHECK ((outcome = 'refused') = (code IS NOT NULL)),
  CONSTRAINT check_in_scans_merged_booking CHECK (NOT merged OR booking_id IS NOT NULL)
);

-- A ticket's scans in merge order; a show's scans for its summary (per device, duplicates).
CREATE INDEX check_in_scans_booking_idx ON check_in_scans (booking_id, corrected_at, seq)
  WHERE merged;
CREATE INDEX check_in_scans_show_idx ON check_in_scans (show_id, device_id);

ALTER TABLE bookings
  -- When the holder last left (an exit scan); null while inside or never admitted. Admitted
  -- again, it is null again; checked_in_at stays the first admission.
  ADD COLUMN left_at timestamptz,
  -- How many entries were scanned while the holder was inside: the seat map's alert.
  ADD COLUMN duplicate_scans integer NOT NULL DEFAULT 0,
  ADD CONSTRAINT bookings_left_after_admission
    CHECK (left_at IS NULL OR checked_in_at IS NOT NULL);

-- The admissions made before scans were recorded, as scans, so that a merge replaying a
-- ticket's scans starts from them.
INSERT INTO check_in_scans (id, booking_id, show_id, kind, scanned_at, corrected_at, synced_at,
                            outcome, merged)
SELECT gen_random_uuid(), b.id, b.show_id, 'entry', b.checked_in_at, b.checked_in_at,
       b.checked_in_at, 'admitted', true
  FROM bookings b
 WHERE b.checked_in_at IS NOT NULL;
