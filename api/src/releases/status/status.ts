// The state of every remote's rollout, for the admin: per remote, stable, previous stable, canary
// and its percentage, how each of those versions fared (distinct reporters, how many of them
// failed by their latest report, and the reports they sent: among its newest reporters and over
// all time), why the last canary was dropped; plus the newest audit rows and the
// automatic-rollback thresholds; and per remote its rollout plan and the health of stable and
// canary (views, errors, p75 Web Vitals) over the current window, with the health rules. The top
// of the module: it reads every other part.
import type { Queryable } from '../../db/db.ts';
import { channelJson } from '../channels/channels.ts';
import { type Channel, listChannels, type ReleaseRef } from '../channels/sql.ts';
import { planJson } from '../plans/json.ts';
import { ACTIVE_ROLLOUT_STATES } from '../plans/rules.ts';
import { findRollout } from '../plans/sql.ts';
import { REMOTES, type Remote, STATUS_AUDIT_ROWS } from '../registry/rules.ts';
import { listAudit } from '../registry/sql.ts';
import { INCONCLUSIVE_AFTER_WINDOWS } from '../rollouts/rules.ts';
import {
  ERROR_RATE_MIN,
  ERROR_RATE_RATIO,
  HEALTH_MIN_REPORTERS,
  HEALTH_MIN_VIEWS,
  VITALS_MIN_SAMPLES,
  VITALS_RATIO,
} from '../telemetry/health.ts';
import {
  AUTO_ROLLBACK_FAILURE_RATE,
  AUTO_ROLLBACK_MIN_REPORTERS,
  AUTO_ROLLBACK_WINDOW,
  HEALTH_STATUS_WINDOW_MINUTES,
  STATUS_RECENT_REPORTERS,
} from '../telemetry/rules.ts';
import { releaseHealth, reporterCounts } from '../telemetry/sql.ts';

/** How a release's reporters fared; a canary's recent ones count since it became canary. */
async function eventsOf(q: Queryable, release: ReleaseRef | null, since: Date | null = null) {
  if (!release) return null;
  return {
    recent: await reporterCounts(q, release.id, { limit: STATUS_RECENT_REPORTERS, since }),
    all: await reporterCounts(q, release.id),
  };
}

/**
 * The plan (active, else latest) and health of stable and canary over the current window: since
 * the active plan's step began (what the ticker judges), else the last HEALTH_STATUS_WINDOW_MINUTES.
 */
async function rolloutStatus(q: Queryable, remote: Remote, channel: Channel | null, now: Date) {
  const plan = await findRollout(q, remote);
  const active = plan && (ACTIVE_ROLLOUT_STATES as readonly string[]).includes(plan.state);
  const since = active
    ? plan.step_started_at
    : new Date(now.getTime() - HEALTH_STATUS_WINDOW_MINUTES * 60_000);
  return {
    rollout: planJson(plan),
    health: {
      since,
      stable: channel ? await releaseHealth(q, channel.stable, since, now) : null,
      canary: channel?.canary ? await releaseHealth(q, channel.canary, since, now) : null,
    },
  };
}

async function remoteStatus(q: Queryable, remote: Remote, now: Date, channel?: Channel) {
  const json = channelJson(remote, channel ?? null);
  const [stable, previous, canary] = [
    await eventsOf(q, channel?.stable ?? null),
    await eventsOf(q, channel?.previous_stable ?? null),
    await eventsOf(q, channel?.canary ?? null, channel?.canary_since ?? null),
  ];
  return {
    ...json,
    stable: json.stable && { ...json.stable, events: stable },
    previous_stable: json.previous_stable && { ...json.previous_stable, events: previous },
    canary: json.canary && { ...json.canary, events: canary },
    ...(await rolloutStatus(q, remote, channel ?? null, now)),
  };
}

/** The status as the API answers it (status/schemas.ts StatusSchema). */
export async function releaseStatus(q: Queryable, now: Date) {
  const channels = new Map((await listChannels(q)).map((channel) => [channel.remote, channel]));
  const remotes: Record<string, unknown> = {};
  for (const remote of REMOTES)
    remotes[remote] = await remoteStatus(q, remote, now, channels.get(remote));
  const audit = await listAudit(q, STATUS_AUDIT_ROWS);
  return {
    remotes,
    audit: audit.map((row) => ({
      id: row.id,
      actor: row.actor_id === null ? null : { id: row.actor_id, username: row.actor_username },
      action: row.action,
      remote: row.remote,
      before: row.before,
      after: row.after,
      created_at: row.created_at,
    })),
    auto_rollback: {
      window: AUTO_ROLLBACK_WINDOW,
      min_reporters: AUTO_ROLLBACK_MIN_REPORTERS,
      failure_rate: AUTO_ROLLBACK_FAILURE_RATE,
    },
    health_rules: {
      min_views: HEALTH_MIN_VIEWS,
      min_reporters: HEALTH_MIN_REPORTERS,
      error_rate_ratio: ERROR_RATE_RATIO,
      error_rate_min: ERROR_RATE_MIN,
      vitals_ratio: VITALS_RATIO,
      vitals_min_samples: VITALS_MIN_SAMPLES,
      inconclusive_windows: INCONCLUSIVE_AFTER_WINDOWS,
    },
  };
}
