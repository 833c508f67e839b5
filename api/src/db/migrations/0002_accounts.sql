-- Accounts: users, email verification codes, login sessions with rotating refresh tokens, and the
-- rate-limit log. Every time is written by the API from its clock, so nothing here relies on
-- now() except as a default.

CREATE TABLE users (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username text NOT NULL CHECK (username <> '' AND username = btrim(username)),
  -- Stored trimmed and lower-cased; the API normalises before every lookup.
  email text NOT NULL CHECK (email <> '' AND email = lower(btrim(email))),
  password_hash text NOT NULL,
  role text NOT NULL CHECK (role IN ('user', 'owner', 'admin')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX users_email_key ON users (email);
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
CREATE INDEX users_role_idx ON users (role);

-- One-time codes sent by email. purpose 'signup' proves an address before an account exists;
-- 'password_reset' proves it before a new password is set. Only an HMAC of the code is stored.
CREATE TABLE verification_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('signup', 'password_reset')),
  code_hash text NOT NULL,
  -- Wrong guesses so far; at the limit the code is dead even for the right digits.
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  -- Set when the right code was entered: the address counts as verified until verified_until.
  verified_at timestamptz,
  verified_until timestamptz,
  -- Set when the verification was spent (the account created, the password reset).
  used_at timestamptz
);

CREATE INDEX verification_codes_email_idx ON verification_codes (email, purpose, created_at);
CREATE INDEX verification_codes_created_idx ON verification_codes (created_at);

-- A login: every refresh token issued from one sign-in belongs to one session (a token family).
-- Revoking the session revokes every token in it.
CREATE TABLE sessions (
  id uuid PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  revoked_at timestamptz,
  -- logout, reuse (an already rotated refresh token came back), password_reset, admin_password
  revoked_reason text
);

CREATE INDEX sessions_user_idx ON sessions (user_id);

-- Refresh tokens are opaque random strings; only their SHA-256 is stored.
CREATE TABLE refresh_tokens (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  -- Set when the token was exchanged for a new one; presenting it again is reuse.
  rotated_at timestamptz
);

CREATE INDEX refresh_tokens_session_idx ON refresh_tokens (session_id);

-- Sliding-window rate limits shared by every API instance: one row per counted event.
CREATE TABLE rate_limit_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  key text NOT NULL,
  at timestamptz NOT NULL
);

CREATE INDEX rate_limit_events_key_idx ON rate_limit_events (key, at);
CREATE INDEX rate_limit_events_at_idx ON rate_limit_events (at);
