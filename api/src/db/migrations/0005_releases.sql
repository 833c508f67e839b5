-- Releases of the four remotes and their staged rollout. A release is one immutable build of a
-- remote (its files sit under a versioned path of the release store); a channel says which
-- release every browser loads (stable) and which one a percentage of them try (canary). Events
-- are what browsers report about a canary; the audit log is every change and who made it.
-- Every time is written by the API from its clock.

CREATE TABLE releases (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  remote text NOT NULL CHECK (remote IN ('auth', 'user', 'owner', 'admin')),
  version text NOT NULL CHECK (version <> ''),
  entry_url text NOT NULL CHECK (entry_url <> ''),
  -- Shared singleton -> the version the remote was built with, e.g. {"react": "19.3.1"}.
  shared jsonb NOT NULL DEFAULT '{}'::jsonb,
  published_by bigint REFERENCES users (id) ON DELETE SET NULL,
  published_at timestamptz NOT NULL,
  UNIQUE (remote, version),
  -- Lets the channels below insist that their releases are of their own remote.
  UNIQUE (remote, id)
);

CREATE INDEX releases_remote_published_idx ON releases (remote, published_at);

-- One row per remote, created with its first release (which becomes stable).
CREATE TABLE release_channels (
  remote text PRIMARY KEY CHECK (remote IN ('auth', 'user', 'owner', 'admin')),
  stable_release_id bigint NOT NULL,
  -- What `rollback` returns stable to; null once used (or before any second stable).
  previous_stable_release_id bigint,
  canary_release_id bigint,
  canary_percent integer NOT NULL DEFAULT 0 CHECK (canary_percent BETWEEN 0 AND 100),
  canary_since timestamptz,
  -- Why the last canary was dropped (automatically, or by whom); cleared by the next canary.
  rolled_back_reason text,
  rolled_back_at timestamptz,
  updated_at timestamptz NOT NULL,
  FOREIGN KEY (remote, stable_release_id) REFERENCES releases (remote, id),
  FOREIGN KEY (remote, previous_stable_release_id) REFERENCES releases (remote, id),
  FOREIGN KEY (remote, canary_release_id) REFERENCES releases (remote, id),
  CHECK (canary_release_id IS NULL OR canary_release_id <> stable_release_id),
  CHECK ((canary_release_id IS NULL) = (canary_since IS NULL)),
  CHECK (canary_release_id IS NOT NULL OR canary_percent = 0)
);

-- How a release fared in browsers (the shell reports its canaries).
CREATE TABLE release_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  release_id bigint NOT NULL REFERENCES releases (id) ON DELETE CASCADE,
  outcome text NOT NULL CHECK (outcome IN ('loaded', 'load_failed', 'render_failed')),
  detail text,
  created_at timestamptz NOT NULL
);

CREATE INDEX release_events_release_idx ON release_events (release_id, created_at, id);

-- Every write to the registry: who (null = the system, e.g. an automatic rollback), what, and
-- the remote's channel before and after.
CREATE TABLE release_audit (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  actor_id bigint REFERENCES users (id) ON DELETE SET NULL,
  action text NOT NULL,
  remote text NOT NULL,
  before jsonb,
  after jsonb,
  created_at timestamptz NOT NULL
);

CREATE INDEX release_audit_created_idx ON release_audit (created_at, id);
CREATE INDEX release_audit_remote_idx ON release_audit (remote, created_at);
