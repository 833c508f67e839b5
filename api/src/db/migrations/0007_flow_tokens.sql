-- A verified code is usable only by the client that verified it: email/verify and otp/verify hand
-- that client a single-use random token, and signup/ and password/reset/ require it. Only its
-- SHA-256 is stored, on the verification it belongs to. Verifications made before this migration
-- have none and cannot be spent: their owners verify again.
ALTER TABLE verification_codes ADD COLUMN token_hash text;

CREATE UNIQUE INDEX verification_codes_token_idx
  ON verification_codes (token_hash) WHERE token_hash IS NOT NULL;
