-- Progressive delivery (docs/decisions/0017-progressive-delivery.md). A rollout plan walks a
-- remote's canary through percentage steps on its own, judged on what browsers report: the schedule
-- is a row here (next_step_at), so every API instance sees the same plan and the one that locks it
-- first acts on it. Health samples are what the shell measured per remote and version (views,
-- errors, Web Vitals), one row per sample, so the percentiles are computed by PostgreSQL over the
-- very window being judged. Every time is written by the API from its clock.

CREATE TABLE release_rollouts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  remote text NOT NULL CHECK (remote IN ('auth', 'user', 'owner', 'admin')),
  release_id bigint NOT NULL,
  -- Canary percentages, strictly increasing, ending in 100 (checked by the API).
  steps integer[] NOT NULL CHECK (cardinality(steps) BETWEEN 1 AND 100),
  every_minutes integer NOT NULL CHECK (every_minutes BETWEEN 1 AND 1440),
  step_index integer NOT NULL CHECK (step_index >= 0 AND step_index < cardinality(steps)),
  state text NOT NULL
    CHECK (state IN ('running', 'paused', 'holding', 'completed', 'rolled_back', 'aborted')),
  -- When the current step began: its health is judged over the samples since then.
  step_started_at timestamptz NOT NULL,
  -- When the current step is due; null unless running or holding.
  next_step_at timestamptz,
  reason text,
  started_by bigint REFERENCES users (id) ON DELETE SET NULL,
  started_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  FOREIGN KEY (remote, release_id) REFERENCES releases (remote, id),
  CHECK ((next_step_at IS NOT NULL) = (state IN ('running', 'holding')))
);

-- One plan per remote at a time.
CREATE UNIQUE INDEX release_rollouts_active_idx
  ON release_rollouts (remote) WHERE state IN ('running', 'paused', 'holding');
-- The ticker's look-up, and the newest plan of a remote for the status.
CREATE INDEX release_rollouts_ticking_idx
  ON release_rollouts (next_step_at) WHERE state IN ('running', 'holding');
CREATE INDEX release_rollouts_remote_idx ON release_rollouts (remote, started_at DESC, id DESC);

CREATE TABLE release_health_samples (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  release_id bigint NOT NULL REFERENCES releases (id) ON DELETE CASCADE,
  -- The report ticket's reporter (a network, hashed per release): one voice.
  reporter text NOT NULL CHECK (reporter <> ''),
  kind text NOT NULL CHECK (kind IN ('view', 'error', 'lcp', 'inp', 'cls')),
  -- ms for lcp and inp, unitless for cls; none for view and error.
  value double precision CHECK (value IS NULL OR (value >= 0 AND value <= 60000)),
  CHECK ((value IS NULL) = (kind IN ('view', 'error'))),
  route text CHECK (route IS NULL OR length(route) <= 200),
  created_at timestamptz NOT NULL
);

-- Judging and charting read one release over a time window.
CREATE INDEX release_health_samples_release_idx
  ON release_health_samples (release_id, created_at);
-- The per-reporter cap counts one reporter's samples of the last minute.
CREATE INDEX release_health_samples_reporter_idx
  ON release_health_samples (release_id, reporter, created_at);
-- Pruning old samples.
CREATE INDEX release_health_samples_created_idx ON release_health_samples (created_at);
