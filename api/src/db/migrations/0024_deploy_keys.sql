-- Deploy keys (docs/decisions/0035-deploy-keys.md): a team's pipeline releases one remote with a
-- key scoped to that remote and to some actions, instead of an admin's password. The key itself
-- (cdk_ + 32 random bytes, base64url) is shown once when created; only its SHA-256 is kept, so
-- the table never holds anything that works as a key. A key ends at expires_at or when revoked;
-- its row stays (the audit log names it), so a name is never given to a second key.
CREATE TABLE deploy_keys (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL UNIQUE CONSTRAINT deploy_keys_name_form CHECK (name ~ '^[a-z0-9._-]{1,60}$'),
  remote text NOT NULL CHECK (remote IN ('auth', 'user', 'owner', 'admin')),
  -- pause, resume and abort are 'rollout'.
  actions text[] NOT NULL CONSTRAINT deploy_keys_actions_known CHECK (
    cardinality(actions) > 0
    AND actions <@ ARRAY['publish', 'preview', 'canary', 'rollout', 'promote', 'rollback']::text[]
  ),
  secret_sha256 text NOT NULL UNIQUE CHECK (secret_sha256 ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL,
  created_by bigint REFERENCES users (id) ON DELETE SET NULL,
  expires_at timestamptz NOT NULL CHECK (expires_at > created_at),
  revoked_at timestamptz,
  revoked_by bigint REFERENCES users (id) ON DELETE SET NULL,
  -- Written at most once a minute per key (keys/sql.ts findKeyBySecret), not on every call.
  last_used_at timestamptz
);

-- The admin's list, newest first.
CREATE INDEX deploy_keys_created_idx ON deploy_keys (created_at DESC, id DESC);
