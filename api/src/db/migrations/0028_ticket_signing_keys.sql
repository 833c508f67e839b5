-- Ticket signing keys (docs/decisions/0041-signed-ticket-passes.md): each owner (a chain of
-- theaters) signs its tickets' passes with an Ed25519 key, so a door scanner can check a pass
-- offline with the owner's public keys. One active key per owner, made on first use; a rotation
-- retires it (retired_at) and makes the next. A retired key stays: passes it signed keep
-- verifying, and the door's offline data lists it.
CREATE TABLE ticket_signing_keys (
  -- 6 random bytes, base64url: what a pass names its key by.
  kid text PRIMARY KEY CONSTRAINT ticket_signing_keys_kid_form CHECK (kid ~ '^[A-Za-z0-9_-]{8}$'),
  owner_id bigint NOT NULL REFERENCES users (id),
  -- The 32 raw bytes of the Ed25519 public key.
  public_key bytea NOT NULL UNIQUE CHECK (octet_length(public_key) = 32),
  -- The PKCS#8 private key sealed with AES-256-GCM under a key derived from the server secret
  -- (tickets/signing.ts): 12-byte nonce, then ciphertext and tag. A copy of the table alone
  -- signs nothing.
  private_key_sealed bytea NOT NULL CHECK (octet_length(private_key_sealed) BETWEEN 29 AND 512),
  created_at timestamptz NOT NULL,
  retired_at timestamptz CHECK (retired_at >= created_at)
);

-- At most one active key per owner: two first uses at once make one key (the second insert does
-- nothing and reads the first's).
CREATE UNIQUE INDEX ticket_signing_keys_one_active ON ticket_signing_keys (owner_id)
  WHERE retired_at IS NULL;

-- An owner's keys, newest first (the owner's list, the door's offline data).
CREATE INDEX ticket_signing_keys_owner_idx ON ticket_signing_keys (owner_id, created_at DESC);
