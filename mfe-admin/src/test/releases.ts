// The release registry as the Releases page's tests see it: its answers in a realistic state, and
// the fake-API routes that serve them.
import { json, type Routes } from '@cinema/test-utils';
import type { HealthSeries } from '../features/releases/api/getReleaseHealth';
import type {
  ReleaseHealth,
  ReleasesStatus,
  Remote,
  RemoteStatus,
  RolloutPlan,
} from '../features/releases/api/getReleases';
import { deployKeyRoutes } from './deployKeys';

export const STATUS = 'GET releases/';
export const health = (remote: string) => `GET releases/${remote}/health/?hours=24`;

/**
 * The status, the health series the page asks for for each published remote, and the deploy
 * keys and release history under them (deployKeys.ts).
 */
export function releasesRoutes(status = releasesStatus()): Routes {
  return {
    ...deployKeyRoutes(),
    [STATUS]: () => json(200, status),
    [health('user')]: () => json(200, healthSeries()),
    [health('owner')]: () => json(200, { remote: 'owner', bucket_minutes: 10, points: [] }),
  };
}

const counts = (reporters: number, failed: number, reports = reporters) => ({
  reporters,
  failed,
  reports,
});

/** A remote with nothing published, as `GET releases/` lists it. */
export function unpublishedRemote(remote: Remote): RemoteStatus {
  return {
    remote,
    stable: null,
    previous_stable: null,
    canary: null,
    rolled_back_reason: null,
    rolled_back_at: null,
    updated_at: null,
    rollout: null,
    health: { since: '2026-11-10T15:00:00Z', stable: null, canary: null },
  };
}

/** A running rollout plan of mfe-user's canary, at its second step (15%). */
export function rolloutPlan(overrides: Partial<RolloutPlan> = {}): RolloutPlan {
  return {
    remote: 'user',
    version: '1.2.0-cccccccc',
    steps: [5, 15, 50, 100],
    every_minutes: 15,
    step_index: 1,
    state: 'running',
    next_step_at: '2026-11-09T08:20:00Z',
    reason: null,
    started_at: '2026-11-09T07:50:00Z',
    updated_at: '2026-11-09T08:05:00Z',
    ...overrides,
  };
}

/**
 * `GET releases/user/health/`: three 10-minute buckets of stable and two of the canary, whose
 * error rate and INP run higher.
 */
export function healthSeries(): HealthSeries {
  const point = (
    at: string,
    version: string,
    figures: Partial<HealthSeries['points'][number]>,
  ) => ({
    at,
    version,
    views: 100,
    errors: 0,
    error_rate: 0,
    lcp_p75: 1800,
    inp_p75: 180,
    cls_p75: 0.02,
    ...figures,
  });
  return {
    remote: 'user',
    bucket_minutes: 10,
    points: [
      point('2026-11-09T08:00:00Z', '1.1.0-bbbbbbbb', { errors: 1, error_rate: 0.01 }),
      point('2026-11-09T08:10:00Z', '1.1.0-bbbbbbbb', {}),
      point('2026-11-09T08:10:00Z', '1.2.0-cccccccc', {
        views: 20,
        errors: 1,
        error_rate: 0.05,
        inp_p75: 412,
      }),
      point('2026-11-09T08:20:00Z', '1.1.0-bbbbbbbb', { views: 90 }),
      point('2026-11-09T08:20:00Z', '1.2.0-cccccccc', {
        views: 30,
        errors: 0,
        error_rate: 0,
        lcp_p75: null,
        inp_p75: null,
        cls_p75: null,
      }),
    ],
  };
}

/** How a version fared over the status window. */
export function releaseHealth(overrides: Partial<ReleaseHealth> = {}): ReleaseHealth {
  return {
    version: '1.1.0-bbbbbbbb',
    reporters: 40,
    views: 812,
    errors: 3,
    error_rate: 3 / 812,
    lcp_p75: 1840,
    inp_p75: 180,
    cls_p75: 0.02,
    lcp_samples: 640,
    inp_samples: 410,
    cls_samples: 700,
    ...overrides,
  };
}

/**
 * `GET releases/` in a realistic state: user has a 15% canary with a failure, owner's canary was
 * rolled back automatically, auth and admin have never been released. The audit log, newest
 * first, has the automatic rollback (by nobody) above the admin's own changes.
 */
export function releasesStatus(overrides: Partial<ReleasesStatus> = {}): ReleasesStatus {
  return {
    remotes: {
      auth: unpublishedRemote('auth'),
      user: {
        remote: 'user',
        stable: {
          version: '1.1.0-bbbbbbbb',
          entry: 'https://cdn.test/mfe-user/1.1.0-bbbbbbbb/remoteEntry.js',
          published_at: '2026-11-01T09:00:00Z',
          events: { recent: counts(20, 2), all: counts(340, 7, 1210) },
        },
        previous_stable: {
          version: '1.0.0-aaaaaaaa',
          entry: 'https://cdn.test/mfe-user/1.0.0-aaaaaaaa/remoteEntry.js',
          published_at: '2026-10-20T09:00:00Z',
          events: { recent: counts(0, 0), all: counts(120, 1) },
        },
        canary: {
          version: '1.2.0-cccccccc',
          entry: 'https://cdn.test/mfe-user/1.2.0-cccccccc/remoteEntry.js',
          published_at: '2026-11-09T08:00:00Z',
          percent: 15,
          since: '2026-11-09T08:05:00Z',
          events: { recent: counts(4, 1), all: counts(4, 1) },
        },
        rolled_back_reason: null,
        rolled_back_at: null,
        updated_at: '2026-11-09T08:05:00Z',
        rollout: rolloutPlan(),
        health: {
          since: '2026-11-09T08:05:00Z',
          stable: releaseHealth(),
          canary: releaseHealth({
            version: '1.2.0-cccccccc',
            reporters: 9,
            views: 64,
            errors: 1,
            error_rate: 1 / 64,
            lcp_p75: 1910,
            inp_p75: 205,
            cls_p75: 0.03,
            lcp_samples: 50,
            inp_samples: 38,
            cls_samples: 55,
          }),
        },
      },
      owner: {
        remote: 'owner',
        stable: {
          version: '2.0.0-dddddddd',
          entry: 'https://cdn.test/mfe-owner/2.0.0-dddddddd/remoteEntry.js',
          published_at: '2026-11-02T09:00:00Z',
          events: { recent: counts(12, 0), all: counts(12, 0) },
        },
        previous_stable: null,
        canary: null,
        rolled_back_reason: 'Automatic rollback: 4 of 5 recent reporters of 2.1.0-eeeeeeee failed.',
        rolled_back_at: '2026-11-10T14:30:00Z',
        updated_at: '2026-11-10T14:30:00Z',
        rollout: null,
        health: {
          since: '2026-11-10T15:00:00Z',
          stable: releaseHealth({
            version: '2.0.0-dddddddd',
            views: 120,
            errors: 0,
            error_rate: 0,
          }),
          canary: null,
        },
      },
      admin: unpublishedRemote('admin'),
    },
    audit: [
      {
        id: 12,
        actor: null,
        action: 'auto_rollback',
        remote: 'owner',
        before: {
          stable: '2.0.0-dddddddd',
          previous_stable: null,
          canary: '2.1.0-eeeeeeee',
          canary_percent: 10,
        },
        after: {
          stable: '2.0.0-dddddddd',
          previous_stable: null,
          canary: null,
          canary_percent: 0,
          reason: 'Automatic rollback: 4 of 5 recent reporters of 2.1.0-eeeeeeee failed.',
          reporters: 5,
          failed: 4,
        },
        created_at: '2026-11-10T14:30:00Z',
      },
      {
        id: 11,
        actor: { id: 1, username: 'root' },
        action: 'canary',
        remote: 'user',
        before: {
          stable: '1.1.0-bbbbbbbb',
          previous_stable: '1.0.0-aaaaaaaa',
          canary: null,
          canary_percent: 0,
        },
        after: {
          stable: '1.1.0-bbbbbbbb',
          previous_stable: '1.0.0-aaaaaaaa',
          canary: '1.2.0-cccccccc',
          canary_percent: 15,
        },
        created_at: '2026-11-09T08:05:00Z',
      },
      {
        id: 10,
        actor: { id: 1, username: 'root' },
        action: 'publish',
        remote: 'owner',
        before: null,
        after: {
          stable: '2.0.0-dddddddd',
          previous_stable: null,
          canary: null,
          canary_percent: 0,
          published: {
            version: '2.0.0-dddddddd',
            entry: 'https://cdn.test/mfe-owner/2.0.0-dddddddd/remoteEntry.js',
          },
        },
        created_at: '2026-11-02T09:00:00Z',
      },
    ],
    auto_rollback: { window: 20, min_reporters: 5, failure_rate: 0.5 },
    health_rules: {
      min_views: 30,
      min_reporters: 3,
      error_rate_ratio: 2,
      error_rate_min: 0.01,
      vitals_ratio: 1.25,
      vitals_min_samples: 20,
      inconclusive_windows: 3,
    },
    ...overrides,
  };
}
