-- Limits that count networks, not addresses (docs/decisions/0029-limits-count-networks.md).
--
-- The networks each account signed in from successfully: once an account has had too many
-- failed logins from everywhere, only these still get their password checked (the owner at
-- home), every other network is refused unchecked. A network is an IPv4 address or an IPv6 /64
-- (http/client-ip.ts clientNetwork); rows older than the remembered span are deleted by the
-- API on the user's next success (routes/accounts/login-limits.ts).
CREATE TABLE login_networks (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  network text NOT NULL CHECK (network <> ''),
  last_success_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, network)
);

-- The note to the owner of an address someone tried to sign up with (email/request answers the
-- same for a registered address and a new one). The column's CHECK was unnamed in 0016, so it
-- carries PostgreSQL's generated name, the same in PostgreSQL 15 and PGlite.
ALTER TABLE email_queue DROP CONSTRAINT email_queue_kind_check;
ALTER TABLE email_queue ADD CONSTRAINT email_queue_kind_check
  CHECK (kind IN ('confirmation', 'cancellation', 'signup_code', 'password_reset_code',
                  'signup_attempt_existing'));
