-- The transactional outbox of emails (docs/decisions/0025-email-outbox.md). A row is written in
-- the same transaction as what its email reports (a booking, a payment, a cancellation, a code),
-- so an acknowledged action always has its email queued and a rolled-back one never does. Every
-- API instance sends from here (mail/sender.ts): it claims due rows with FOR UPDATE SKIP LOCKED
-- and a lease, sends with Resend's Idempotency-Key (derived from the row), and marks the outcome.
-- The row names what to send, not the rendered email: the confirmation (QR codes, calendar file)
-- is rendered by the sender, off the booking's path. Only a code email carries a secret (the
-- code itself, which the database otherwise keeps only hashed); it is blanked once the row is
-- done. A failing row is tried again with back-off and given up (failed, kept with its last
-- error) a day after it was queued, or at its code's expiry. Every time is written by the API
-- from its clock.

CREATE TABLE email_queue (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL
    CHECK (kind IN ('confirmation', 'cancellation', 'signup_code', 'password_reset_code')),
  recipient text NOT NULL CHECK (length(recipient) BETWEEN 3 AND 320),
  -- confirmation: {"booking_ids": [..]}; cancellation: {"booking_id": n};
  -- a code: {"code": "123456", "ttl_minutes": 10} until done, then {}.
  payload jsonb NOT NULL,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed')),
  -- Tries started (a claim counts one, even if its instance died before the answer).
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  created_at timestamptz NOT NULL,
  -- Pending: when it is due. A claim moves it to the end of the claimer's lease, so the row of
  -- an instance that died mid-send is due again once the lease is over.
  next_attempt_at timestamptz NOT NULL,
  sent_at timestamptz,
  last_error text,
  CHECK ((sent_at IS NOT NULL) = (state = 'sent'))
);

-- What the senders scan: only the pending rows, oldest due first.
CREATE INDEX email_queue_due_idx ON email_queue (next_attempt_at) WHERE state = 'pending';
-- The admin's figures: the failed rows stay visible (and few); sent rows are counted for a day
-- and pruned after a week (mail/sender.ts).
CREATE INDEX email_queue_failed_idx ON email_queue (created_at) WHERE state = 'failed';
CREATE INDEX email_queue_sent_idx ON email_queue (sent_at) WHERE state = 'sent';
