-- Door staff (docs/decisions/0040-door-staff.md): an owner invites an address; whoever signs up
-- with it becomes a 'door' account that may only scan tickets of that owner's theaters. One row
-- per invitation: invited (user_id NULL), active (user_id set at signup), or removed (removed_at
-- set: kept, so the owner's audit trail and a later refusal at login can name it).
--
-- The role column's CHECK was unnamed in 0002, so it carries PostgreSQL's generated name, the
-- same in PostgreSQL 15 and PGlite.
ALTER TABLE users DROP CONSTRAINT users_role_check;
ALTER TABLE users ADD CONSTRAINT users_role_check
  CHECK (role IN ('user', 'owner', 'admin', 'door'));

CREATE TABLE door_staff (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  owner_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- Stored trimmed and lower-cased, as users.email is: equal addresses are equal strings.
  email text NOT NULL CHECK (email <> '' AND email = lower(btrim(email))),
  user_id bigint REFERENCES users (id) ON DELETE CASCADE,
  invited_at timestamptz NOT NULL,
  joined_at timestamptz,
  removed_at timestamptz,
  CHECK ((user_id IS NULL) = (joined_at IS NULL))
);

-- One live invitation per address, whoever invited it; one live membership per account, so a
-- door account scans for one owner (AuthUser.scans_for).
CREATE UNIQUE INDEX door_staff_live_email_key ON door_staff (email) WHERE removed_at IS NULL;
CREATE UNIQUE INDEX door_staff_live_user_key
  ON door_staff (user_id) WHERE removed_at IS NULL AND user_id IS NOT NULL;
-- The owner's list, newest first.
CREATE INDEX door_staff_owner_idx ON door_staff (owner_id, invited_at DESC, id DESC)
  WHERE removed_at IS NULL;
-- Every membership of an account, removed ones too (login tells a removed account so).
CREATE INDEX door_staff_user_idx ON door_staff (user_id) WHERE user_id IS NOT NULL;

-- The invitation email (mail/door-staff-email.ts). The constraint is the one migration 0022
-- wrote, with the new kind added.
ALTER TABLE email_queue DROP CONSTRAINT email_queue_kind_check;
ALTER TABLE email_queue ADD CONSTRAINT email_queue_kind_check
  CHECK (kind IN ('confirmation', 'cancellation', 'signup_code', 'password_reset_code',
                  'signup_attempt_existing', 'waitlist_offer', 'door_staff_invite'));
