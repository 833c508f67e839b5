// Deploy keys and the release history as the Releases page's tests see them: the API's answers
// in a realistic state, and the fake-API routes that serve them.
import { json, type Routes } from '@cinema/test-utils';
import type { CreatedDeployKey } from '../features/releases/api/createDeployKey';
import type { DeployKey } from '../features/releases/api/getDeployKeys';
import type {
  ReleaseAuditPage,
  ReleaseAuditRecord,
} from '../features/releases/api/getReleaseAudit';

export const KEYS = 'GET releases/keys/';
export const CREATE_KEY = 'POST releases/keys/';
export const revokeKey = (id: number) => `DELETE releases/keys/${id}/`;
/** The release history's page `page`, of one remote or (null) of all. */
export const releaseAudit = (page = 1, remote: string | null = null) =>
  `GET releases/audit/?page=${page}&page_size=20${remote ? `&remote=${remote}` : ''}`;

/** A deploy key as `GET releases/keys/` lists it: the owner team's, active. */
export function deployKey(overrides: Partial<DeployKey> = {}): DeployKey {
  return {
    id: 7,
    name: 'owner-ci',
    remote: 'owner',
    actions: ['publish', 'canary', 'rollout'],
    state: 'active',
    created_at: '2026-11-01T09:00:00Z',
    expires_at: '2099-01-30T09:00:00Z',
    created_by: 'root',
    revoked_at: null,
    revoked_by: null,
    last_used_at: '2026-11-09T08:05:00Z',
    ...overrides,
  };
}

/** Three keys, newest first: the owner team's (active), an expired one and a revoked one. */
export function deployKeys(): DeployKey[] {
  return [
    deployKey(),
    deployKey({
      id: 5,
      name: 'user-ci-2025',
      remote: 'user',
      actions: ['publish'],
      state: 'expired',
      created_at: '2025-10-01T09:00:00Z',
      expires_at: '2025-12-30T09:00:00Z',
      last_used_at: null,
    }),
    deployKey({
      id: 3,
      name: 'auth-old',
      remote: 'auth',
      actions: ['publish', 'promote', 'rollback'],
      created_at: '2025-06-01T09:00:00Z',
      state: 'revoked',
      revoked_at: '2025-09-01T10:00:00Z',
      revoked_by: 'root',
    }),
  ];
}

/** The answer to creating `owner-ci`: the only one that carries the key. */
export function createdKey(overrides: Partial<CreatedDeployKey> = {}): CreatedDeployKey {
  return {
    ...deployKey({ id: 9, name: 'admin-ci', remote: 'admin', last_used_at: null }),
    actions: ['publish', 'canary'],
    key: 'cdk_Vq3x9Zt0b1c2d3e4f5g6h7i8j9k0l1m2n3o4p5q6r7s',
    ...overrides,
  } as CreatedDeployKey;
}

/** A record of the release history. */
export function auditRecord(overrides: Partial<ReleaseAuditRecord> = {}): ReleaseAuditRecord {
  return {
    id: 40,
    at: '2026-11-09T08:05:00Z',
    actor: 'root',
    actor_kind: 'user',
    action: 'release.canary_set',
    remote: 'user',
    details: {
      before: { stable: '1.1.0-bbbbbbbb', canary: null, canary_percent: 0 },
      after: { stable: '1.1.0-bbbbbbbb', canary: '1.2.0-cccccccc', canary_percent: 15 },
    },
    reason: 'Try the new seat map on a few',
    ...overrides,
  } as ReleaseAuditRecord;
}

/** The newest records of every remote: a key's publish, a rollback by the system, a key made. */
export function auditRecords(): ReleaseAuditRecord[] {
  return [
    auditRecord({
      id: 44,
      at: '2026-11-10T14:30:00Z',
      actor: 'system',
      actor_kind: 'system',
      action: 'rollout.rolled_back',
      remote: 'owner',
      details: {
        before: { stable: '2.0.0-dddddddd', canary: '2.1.0-eeeeeeee', canary_percent: 10 },
        after: {
          stable: '2.0.0-dddddddd',
          canary: null,
          canary_percent: 0,
          reason: 'Automatic rollback: 4 of 5 recent reporters of 2.1.0-eeeeeeee failed.',
        },
      },
      reason: null,
    }),
    auditRecord({
      id: 43,
      at: '2026-11-10T09:00:00Z',
      actor: 'owner-ci',
      actor_kind: 'key',
      action: 'release.published',
      remote: 'owner',
      details: {
        before: { stable: '2.0.0-dddddddd', canary: null, canary_percent: 0 },
        after: {
          stable: '2.0.0-dddddddd',
          canary: null,
          canary_percent: 0,
          published: { version: '2.1.0-eeeeeeee' },
        },
      },
      reason: null,
    }),
    auditRecord({
      id: 42,
      at: '2026-11-01T09:00:00Z',
      action: 'deploy_key.created',
      remote: 'owner',
      details: {
        name: 'owner-ci',
        remote: 'owner',
        actions: ['publish', 'canary', 'rollout'],
        expires_at: '2099-01-30T09:00:00Z',
      },
      reason: null,
    }),
    auditRecord(),
  ];
}

export function auditPage(
  results: ReleaseAuditRecord[],
  { count = results.length, page = 1 } = {},
): ReleaseAuditPage {
  return { count, count_exact: true, page, page_size: 20, results };
}

/** The keys and the first page of the history, as the page asks for them when it opens. */
export function deployKeyRoutes(
  keys: DeployKey[] = deployKeys(),
  records: ReleaseAuditRecord[] = auditRecords(),
): Routes {
  return {
    [KEYS]: () => json(200, { results: keys }),
    [releaseAudit()]: () => json(200, auditPage(records)),
  };
}
