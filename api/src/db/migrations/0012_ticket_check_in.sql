-- Tickets that work at the door
-- (docs/decisions/0015-ticket-codes-and-calendar-files-from-the-api.md). Every booking gets a code
-- the customer shows at the door (the QR code in the confirmation email and on My Tickets): 122
-- random bits from gen_random_uuid(), so it cannot be guessed or derived from anything else, and it
-- names one booking and nothing about the customer. The volatile default gives every existing row
-- its own code (PostgreSQL evaluates it per row when the column is added).
ALTER TABLE bookings
  ADD COLUMN code uuid NOT NULL DEFAULT gen_random_uuid(),
  -- When the ticket was admitted at the door; NULL until then. Set once, by one UPDATE ... WHERE
  -- checked_in_at IS NULL, so two scanners of the same ticket get one admission.
  ADD COLUMN checked_in_at timestamptz,
  -- A checked-in ticket cannot be cancelled, and a cancelled one cannot be checked in.
  ADD CONSTRAINT bookings_checked_in_live CHECK (NOT (is_cancelled AND checked_in_at IS NOT NULL));

-- Check-in finds a ticket by its code; the codes are unique.
CREATE UNIQUE INDEX bookings_code_key ON bookings (code);
