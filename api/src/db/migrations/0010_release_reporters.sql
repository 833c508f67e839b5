-- Release reports carry a ticket from the manifest, and the ticket names its reporter (the
-- browser's network, hashed per release). Automatic rollback counts reporters, each once by its
-- latest report, so one row per release and reporter keeps that latest report: the rollback
-- check reads the newest few rows through an index however many reports were sent. Reports from
-- before tickets name no reporter and are no longer counted.

ALTER TABLE release_events ADD COLUMN reporter text;

CREATE TABLE release_reporters (
  release_id bigint NOT NULL REFERENCES releases (id) ON DELETE CASCADE,
  reporter text NOT NULL CHECK (reporter <> ''),
  -- Its latest report.
  outcome text NOT NULL CHECK (outcome IN ('loaded', 'load_failed', 'render_failed')),
  reports bigint NOT NULL CHECK (reports > 0),
  first_reported_at timestamptz NOT NULL,
  last_reported_at timestamptz NOT NULL,
  PRIMARY KEY (release_id, reporter)
);

CREATE INDEX release_reporters_recent_idx
  ON release_reporters (release_id, last_reported_at DESC);
