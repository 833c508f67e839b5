// The SQL of what browsers report: outcome events with each reporter's latest outcome, and health
// samples with the health of a release over a window. Callers pass `db` or, inside a
// transaction, `tx`.
import type { Queryable } from '../../db/db.ts';
import type { Remote } from '../registry/rules.ts';
import { type Health, healthOf, type ReporterHealth } from './health.ts';
import type { HealthKind, Outcome, ReporterCounts } from './rules.ts';

/**
 * Records a report: a row in the log (with what the browser caught) and the reporter's latest
 * outcome. Concurrent reports of one reporter each count; the one written last stays its latest.
 */
export async function insertEvent(
  q: Queryable,
  event: {
    releaseId: number;
    reporter: string;
    outcome: Outcome;
    detail: string | null;
    now: Date;
  },
): Promise<void> {
  await q.query`
    INSERT INTO release_events (release_id, reporter, outcome, detail, created_at)
    VALUES (${event.releaseId}, ${event.reporter}, ${event.outcome}, ${event.detail}, ${event.now})`;
  await q.query`
    INSERT INTO release_reporters (release_id, reporter, outcome, reports, first_reported_at,
                                   last_reported_at)
    VALUES (${event.releaseId}, ${event.reporter}, ${event.outcome}, 1, ${event.now}, ${event.now})
    ON CONFLICT (release_id, reporter) DO UPDATE
       SET outcome = excluded.outcome,
           reports = release_reporters.reports + 1,
           last_reported_at = excluded.last_reported_at`;
}

/**
 * A release's reporters, each counted once by its latest report: all of them, or the newest
 * `limit` whose latest report came at or after `since`.
 */
export async function reporterCounts(
  q: Queryable,
  releaseId: number,
  { limit = null, since = null }: { limit?: number | null; since?: Date | null } = {},
): Promise<ReporterCounts> {
  const [row] = await q.query<ReporterCounts>`
    SELECT count(*)::int AS reporters,
           count(*) FILTER (WHERE outcome <> 'loaded')::int AS failed,
           coalesce(sum(reports), 0)::int AS reports
      FROM (SELECT outcome, reports FROM release_reporters
             WHERE release_id = ${releaseId}
               AND (${since}::timestamptz IS NULL OR last_reported_at >= ${since}::timestamptz)
             ORDER BY last_reported_at DESC, reporter
             LIMIT ${limit}::int) recent`;
  return row ?? { reporters: 0, failed: 0, reports: 0 };
}

export interface HealthSample {
  kind: HealthKind;
  value: number | null;
  route: string | null;
}

/**
 * Records at most what the reporter may still add this minute (HEALTH_SAMPLES_PER_REPORTER_PER_
 * MINUTE, passed as `cap`), the first samples of the batch; returns how many were recorded. Two
 * beacons of one reporter take turns (advisory lock), so together they cannot pass the cap.
 */
export async function insertHealthSamples(
  q: Queryable,
  batch: {
    releaseId: number;
    reporter: string;
    samples: HealthSample[];
    cap: number;
    now: Date;
  },
): Promise<number> {
  await q.query`SELECT pg_advisory_xact_lock(44, hashtext(${`${batch.releaseId}:${batch.reporter}`}::text))`;
  const since = new Date(batch.now.getTime() - 60_000);
  const [row] = await q.query<{ recent: number }>`
    SELECT count(*)::int AS recent FROM release_health_samples
     WHERE release_id = ${batch.releaseId} AND reporter = ${batch.reporter}
       AND created_at > ${since}`;
  const room = Math.max(0, batch.cap - (row?.recent ?? 0));
  const samples = batch.samples.slice(0, room);
  if (samples.length === 0) return 0;
  await q.query`
    INSERT INTO release_health_samples (release_id, reporter, kind, value, route, created_at)
    SELECT ${batch.releaseId}, ${batch.reporter}, s.kind, s.value, s.route, ${batch.now}
      FROM jsonb_to_recordset(${JSON.stringify(samples)}::jsonb)
           AS s(kind text, value double precision, route text)`;
  return samples.length;
}

/**
 * How a release fared from `since` to `until`, weighed per reporter (health.ts healthOf): each
 * reporter's views, errors (at most its views) and own p75 of each vital.
 */
export async function releaseHealth(
  q: Queryable,
  release: { id: number; version: string },
  since: Date,
  until: Date,
): Promise<Health> {
  const rows = await q.query<ReporterHealth>`
    SELECT count(*) FILTER (WHERE kind = 'view')::int AS views,
           least(count(*) FILTER (WHERE kind = 'error'),
                 count(*) FILTER (WHERE kind = 'view'))::int AS errors,
           percentile_cont(0.75) WITHIN GROUP (ORDER BY value) FILTER (WHERE kind = 'lcp')
             AS lcp_p75,
           percentile_cont(0.75) WITHIN GROUP (ORDER BY value) FILTER (WHERE kind = 'inp')
             AS inp_p75,
           percentile_cont(0.75) WITHIN GROUP (ORDER BY value) FILTER (WHERE kind = 'cls')
             AS cls_p75,
           count(*) FILTER (WHERE kind = 'lcp')::int AS lcp_samples,
           count(*) FILTER (WHERE kind = 'inp')::int AS inp_samples,
           count(*) FILTER (WHERE kind = 'cls')::int AS cls_samples
      FROM release_health_samples
     WHERE release_id = ${release.id} AND created_at >= ${since} AND created_at <= ${until}
     GROUP BY reporter`;
  return healthOf(release.version, rows);
}

export interface HealthPoint {
  at: Date;
  version: string;
  views: number;
  errors: number;
  lcp_p75: number | null;
  inp_p75: number | null;
  cls_p75: number | null;
}

/** A remote's health per version in buckets of `bucketMinutes` from `since`, oldest first. */
export async function healthSeries(
  q: Queryable,
  remote: Remote,
  since: Date,
  bucketMinutes: number,
): Promise<HealthPoint[]> {
  return await q.query<HealthPoint>`
    WITH bucketed AS (
      SELECT date_bin(make_interval(mins => ${bucketMinutes}::int), s.created_at,
                      timestamptz '2000-01-01 00:00:00+00') AS at,
             r.version, s.reporter, s.kind, s.value
        FROM release_health_samples s JOIN releases r ON r.id = s.release_id
       WHERE r.remote = ${remote} AND s.created_at >= ${since}
    ), per_reporter AS (
      SELECT at, version,
             count(*) FILTER (WHERE kind = 'view') AS views,
             least(count(*) FILTER (WHERE kind = 'error'),
                   count(*) FILTER (WHERE kind = 'view')) AS errors
        FROM bucketed GROUP BY at, version, reporter
    ), counts AS (
      SELECT at, version, sum(views)::int AS views, sum(errors)::int AS errors
        FROM per_reporter GROUP BY at, version
    ), vitals AS (
      SELECT at, version,
             percentile_cont(0.75) WITHIN GROUP (ORDER BY value) FILTER (WHERE kind = 'lcp')
               AS lcp_p75,
             percentile_cont(0.75) WITHIN GROUP (ORDER BY value) FILTER (WHERE kind = 'inp')
               AS inp_p75,
             percentile_cont(0.75) WITHIN GROUP (ORDER BY value) FILTER (WHERE kind = 'cls')
               AS cls_p75
        FROM bucketed GROUP BY at, version
    )
    SELECT c.at, c.version, c.views, c.errors, v.lcp_p75, v.inp_p75, v.cls_p75
      FROM counts c JOIN vitals v USING (at, version)
     ORDER BY c.at, c.version`;
}

/** Deletes samples older than `before`; returns how many. */
export async function pruneHealthSamples(q: Queryable, before: Date): Promise<number> {
  const [row] = await q.query<{ deleted: number }>`
    WITH gone AS (DELETE FROM release_health_samples WHERE created_at < ${before} RETURNING 1)
    SELECT count(*)::int AS deleted FROM gone`;
  return row?.deleted ?? 0;
}
