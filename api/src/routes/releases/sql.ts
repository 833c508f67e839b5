// Every SQL statement of the release registry. Callers pass `db` or, inside a transaction, `tx`.
import type { Queryable } from '../../db/db.ts';
import {
  type Health,
  type HealthKind,
  healthOf,
  type Outcome,
  type Remote,
  type ReporterCounts,
  type ReporterHealth,
  type RolloutState,
} from './rules.ts';

export interface ReleaseRow {
  id: number;
  remote: Remote;
  version: string;
  entry_url: string;
  shared: Record<string, string>;
  published_by: number | null;
  published_by_username: string | null;
  published_at: Date;
}

/** A release as a channel refers to it. */
export interface ReleaseRef {
  id: number;
  version: string;
  entry: string;
  published_at: Date;
}

/** A remote's channel with its releases resolved. */
export interface Channel {
  remote: Remote;
  stable: ReleaseRef;
  previous_stable: ReleaseRef | null;
  canary: ReleaseRef | null;
  canary_percent: number;
  canary_since: Date | null;
  rolled_back_reason: string | null;
  rolled_back_at: Date | null;
  updated_at: Date;
}

/** What a channel is set to; written whole by saveChannel. */
export interface ChannelState {
  stableId: number;
  previousStableId: number | null;
  canaryId: number | null;
  canaryPercent: number;
  canarySince: Date | null;
  rolledBackReason: string | null;
  rolledBackAt: Date | null;
}

// ---- locking -----------------------------------------------------------------------------------

/**
 * Serialises the writes to one remote's releases and channel until the transaction ends (two-int
 * advisory lock in its own space: 41 is the rate limiter's).
 */
export async function lockRemote(q: Queryable, remote: Remote): Promise<void> {
  await q.query`SELECT pg_advisory_xact_lock(43, hashtext(${remote}::text))`;
}

// ---- releases ----------------------------------------------------------------------------------

export async function findRelease(
  q: Queryable,
  remote: Remote,
  version: string,
): Promise<ReleaseRow | null> {
  const [row] = await q.query<ReleaseRow>`
    SELECT r.id, r.remote, r.version, r.entry_url, r.shared, r.published_by,
           u.username AS published_by_username, r.published_at
      FROM releases r LEFT JOIN users u ON u.id = r.published_by
     WHERE r.remote = ${remote} AND r.version = ${version}`;
  return row ?? null;
}

export async function insertRelease(
  q: Queryable,
  release: {
    remote: Remote;
    version: string;
    entry: string;
    shared: Record<string, string>;
    publishedBy: number;
    now: Date;
  },
): Promise<number> {
  const [row] = await q.query<{ id: number }>`
    INSERT INTO releases (remote, version, entry_url, shared, published_by, published_at)
    VALUES (${release.remote}, ${release.version}, ${release.entry},
            ${JSON.stringify(release.shared)}::jsonb, ${release.publishedBy}, ${release.now})
    RETURNING id`;
  if (!row) throw new Error('INSERT INTO releases returned no row');
  return row.id;
}

/** A remote's releases, newest first. */
export async function listReleases(q: Queryable, remote: Remote): Promise<ReleaseRow[]> {
  return await q.query<ReleaseRow>`
    SELECT r.id, r.remote, r.version, r.entry_url, r.shared, r.published_by,
           u.username AS published_by_username, r.published_at
      FROM releases r LEFT JOIN users u ON u.id = r.published_by
     WHERE r.remote = ${remote}
     ORDER BY r.published_at DESC, r.id DESC`;
}

// ---- channels ----------------------------------------------------------------------------------

interface ChannelRow {
  remote: Remote;
  canary_percent: number;
  canary_since: Date | null;
  rolled_back_reason: string | null;
  rolled_back_at: Date | null;
  updated_at: Date;
  stable_id: number;
  stable_version: string;
  stable_entry: string;
  stable_published_at: Date;
  previous_id: number | null;
  previous_version: string | null;
  previous_entry: string | null;
  previous_published_at: Date | null;
  canary_id: number | null;
  canary_version: string | null;
  canary_entry: string | null;
  canary_published_at: Date | null;
}

function ref(
  id: number | null,
  version: string | null,
  entry: string | null,
  publishedAt: Date | null,
): ReleaseRef | null {
  return id === null || version === null || entry === null || publishedAt === null
    ? null
    : { id, version, entry, published_at: publishedAt };
}

function toChannel(row: ChannelRow): Channel {
  return {
    remote: row.remote,
    stable: {
      id: row.stable_id,
      version: row.stable_version,
      entry: row.stable_entry,
      published_at: row.stable_published_at,
    },
    previous_stable: ref(
      row.previous_id,
      row.previous_version,
      row.previous_entry,
      row.previous_published_at,
    ),
    canary: ref(row.canary_id, row.canary_version, row.canary_entry, row.canary_published_at),
    canary_percent: row.canary_percent,
    canary_since: row.canary_since,
    rolled_back_reason: row.rolled_back_reason,
    rolled_back_at: row.rolled_back_at,
    updated_at: row.updated_at,
  };
}

/** Every remote that has a channel (a remote gets one with its first release). */
export async function listChannels(q: Queryable, remote: Remote | null = null): Promise<Channel[]> {
  const rows = await q.query<ChannelRow>`
    SELECT c.remote, c.canary_percent, c.canary_since, c.rolled_back_reason, c.rolled_back_at,
           c.updated_at,
           s.id AS stable_id, s.version AS stable_version, s.entry_url AS stable_entry,
           s.published_at AS stable_published_at,
           p.id AS previous_id, p.version AS previous_version, p.entry_url AS previous_entry,
           p.published_at AS previous_published_at,
           k.id AS canary_id, k.version AS canary_version, k.entry_url AS canary_entry,
           k.published_at AS canary_published_at
      FROM release_channels c
      JOIN releases s ON s.id = c.stable_release_id
      LEFT JOIN releases p ON p.id = c.previous_stable_release_id
      LEFT JOIN releases k ON k.id = c.canary_release_id
     WHERE ${remote}::text IS NULL OR c.remote = ${remote}::text
     ORDER BY c.remote`;
  return rows.map(toChannel);
}

export async function findChannel(q: Queryable, remote: Remote): Promise<Channel | null> {
  const [channel] = await listChannels(q, remote);
  return channel ?? null;
}

/** The state a channel is in, to change a field or two and save it again. */
export function stateOf(channel: Channel): ChannelState {
  return {
    stableId: channel.stable.id,
    previousStableId: channel.previous_stable?.id ?? null,
    canaryId: channel.canary?.id ?? null,
    canaryPercent: channel.canary_percent,
    canarySince: channel.canary_since,
    rolledBackReason: channel.rolled_back_reason,
    rolledBackAt: channel.rolled_back_at,
  };
}

/** Creates or overwrites a remote's channel. */
export async function saveChannel(
  q: Queryable,
  remote: Remote,
  state: ChannelState,
  now: Date,
): Promise<void> {
  await q.query`
    INSERT INTO release_channels (remote, stable_release_id, previous_stable_release_id,
                                  canary_release_id, canary_percent, canary_since,
                                  rolled_back_reason, rolled_back_at, updated_at)
    VALUES (${remote}, ${state.stableId}, ${state.previousStableId}, ${state.canaryId},
            ${state.canaryPercent}, ${state.canarySince}, ${state.rolledBackReason},
            ${state.rolledBackAt}, ${now})
    ON CONFLICT (remote) DO UPDATE
       SET stable_release_id = excluded.stable_release_id,
           previous_stable_release_id = excluded.previous_stable_release_id,
           canary_release_id = excluded.canary_release_id,
           canary_percent = excluded.canary_percent,
           canary_since = excluded.canary_since,
           rolled_back_reason = excluded.rolled_back_reason,
           rolled_back_at = excluded.rolled_back_at,
           updated_at = excluded.updated_at`;
}

/** Per remote: stable and the canary (only when its percentage is above 0), for the manifest. */
export async function manifestRows(q: Queryable) {
  return await q.query<{
    remote: Remote;
    stable_version: string;
    stable_entry: string;
    canary_version: string | null;
    canary_entry: string | null;
    canary_percent: number;
  }>`
    SELECT c.remote, s.version AS stable_version, s.entry_url AS stable_entry,
           k.version AS canary_version, k.entry_url AS canary_entry, c.canary_percent
      FROM release_channels c
      JOIN releases s ON s.id = c.stable_release_id
      LEFT JOIN releases k ON k.id = c.canary_release_id AND c.canary_percent > 0`;
}

// ---- events ------------------------------------------------------------------------------------

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

// ---- audit -------------------------------------------------------------------------------------

export interface AuditRow {
  id: number;
  actor_id: number | null;
  actor_username: string | null;
  action: string;
  remote: Remote;
  before: unknown;
  after: unknown;
  created_at: Date;
}

export async function insertAudit(
  q: Queryable,
  audit: {
    actorId: number | null;
    action: string;
    remote: Remote;
    before: unknown;
    after: unknown;
    now: Date;
  },
): Promise<void> {
  const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
  await q.query`
    INSERT INTO release_audit (actor_id, action, remote, before, after, created_at)
    VALUES (${audit.actorId}, ${audit.action}, ${audit.remote}, ${json(audit.before)}::jsonb,
            ${json(audit.after)}::jsonb, ${audit.now})`;
}

/** The newest audit rows, newest first. */
export async function listAudit(q: Queryable, limit: number): Promise<AuditRow[]> {
  return await q.query<AuditRow>`
    SELECT a.id, a.actor_id, u.username AS actor_username, a.action, a.remote, a.before, a.after,
           a.created_at
      FROM release_audit a LEFT JOIN users u ON u.id = a.actor_id
     ORDER BY a.created_at DESC, a.id DESC
     LIMIT ${limit}`;
}

// ---- rollout plans -----------------------------------------------------------------------------

export interface RolloutRow {
  id: number;
  remote: Remote;
  release_id: number;
  version: string;
  steps: number[];
  every_minutes: number;
  step_index: number;
  state: RolloutState;
  step_started_at: Date;
  next_step_at: Date | null;
  reason: string | null;
  started_at: Date;
  updated_at: Date;
}

export async function insertRollout(
  q: Queryable,
  plan: {
    remote: Remote;
    releaseId: number;
    steps: number[];
    everyMinutes: number;
    startedBy: number;
    now: Date;
  },
): Promise<number> {
  const next = new Date(plan.now.getTime() + plan.everyMinutes * 60_000);
  const [row] = await q.query<{ id: number }>`
    INSERT INTO release_rollouts (remote, release_id, steps, every_minutes, step_index, state,
                                  step_started_at, next_step_at, started_by, started_at,
                                  updated_at)
    VALUES (${plan.remote}, ${plan.releaseId}, ${plan.steps}::integer[], ${plan.everyMinutes}, 0,
            'running', ${plan.now}, ${next}, ${plan.startedBy}, ${plan.now}, ${plan.now})
    RETURNING id`;
  if (!row) throw new Error('INSERT INTO release_rollouts returned no row');
  return row.id;
}

/**
 * A remote's plan: the active one (running, paused or holding) when there is one, else the newest
 * (`active` true: only an active one). `lock` takes its row lock (FOR UPDATE).
 */
export async function findRollout(
  q: Queryable,
  remote: Remote,
  { active = false, lock = false }: { active?: boolean; lock?: boolean } = {},
): Promise<RolloutRow | null> {
  const rows = lock
    ? await q.query<RolloutRow>`
        SELECT o.id, o.remote, o.release_id, r.version, o.steps, o.every_minutes, o.step_index,
               o.state, o.step_started_at, o.next_step_at, o.reason, o.started_at, o.updated_at
          FROM release_rollouts o JOIN releases r ON r.id = o.release_id
         WHERE o.remote = ${remote} AND o.state IN ('running', 'paused', 'holding')
           FOR UPDATE OF o`
    : await q.query<RolloutRow>`
        SELECT o.id, o.remote, o.release_id, r.version, o.steps, o.every_minutes, o.step_index,
               o.state, o.step_started_at, o.next_step_at, o.reason, o.started_at, o.updated_at
          FROM release_rollouts o JOIN releases r ON r.id = o.release_id
         WHERE o.remote = ${remote}
           AND (NOT ${active}::boolean OR o.state IN ('running', 'paused', 'holding'))
         ORDER BY (o.state IN ('running', 'paused', 'holding')) DESC, o.started_at DESC, o.id DESC
         LIMIT 1`;
  return rows[0] ?? null;
}

/** The remotes whose plan the ticker looks at (running or holding), soonest due first. */
export async function tickingRemotes(q: Queryable, remote: Remote | null): Promise<Remote[]> {
  const rows = await q.query<{ remote: Remote }>`
    SELECT remote FROM release_rollouts
     WHERE state IN ('running', 'holding')
       AND (${remote}::text IS NULL OR remote = ${remote}::text)
     ORDER BY next_step_at`;
  return rows.map((row) => row.remote);
}

/**
 * The remote's running or holding plan, locked for this transaction, or null when there is none or
 * another transaction (another instance's tick) has it: SKIP LOCKED, so ticks never queue up
 * behind each other and never act twice on one step.
 */
export async function lockTickingRollout(q: Queryable, remote: Remote): Promise<RolloutRow | null> {
  const [row] = await q.query<RolloutRow>`
    SELECT o.id, o.remote, o.release_id, r.version, o.steps, o.every_minutes, o.step_index,
           o.state, o.step_started_at, o.next_step_at, o.reason, o.started_at, o.updated_at
      FROM release_rollouts o JOIN releases r ON r.id = o.release_id
     WHERE o.remote = ${remote} AND o.state IN ('running', 'holding')
       FOR UPDATE OF o SKIP LOCKED`;
  return row ?? null;
}

/** Writes a plan's moving parts. */
export async function updateRollout(
  q: Queryable,
  id: number,
  change: {
    state: RolloutState;
    stepIndex: number;
    stepStartedAt: Date;
    nextStepAt: Date | null;
    reason: string | null;
    now: Date;
  },
): Promise<void> {
  await q.query`
    UPDATE release_rollouts
       SET state = ${change.state}, step_index = ${change.stepIndex},
           step_started_at = ${change.stepStartedAt}, next_step_at = ${change.nextStepAt},
           reason = ${change.reason}, updated_at = ${change.now}
     WHERE id = ${id}`;
}

// ---- health samples ----------------------------------------------------------------------------

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
 * How a release fared from `since` to `until`, weighed per reporter (rules.ts healthOf): each
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
