-- Foundation only; product tables (users, theaters, ...) arrive in their own migrations.
-- Small key/value facts about this database, e.g. when it was created.
CREATE TABLE IF NOT EXISTS app_meta (
  key text PRIMARY KEY,
  value text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO app_meta (key, value) VALUES ('created_at', now()::text)
ON CONFLICT (key) DO NOTHING;
