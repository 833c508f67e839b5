// What the audit log records (docs/decisions/0033-audit-log.md): the actions, the entity kinds,
// and the request a record was made in.
import { AsyncLocalStorage } from 'node:async_hooks';

/** Every action the log knows, `<entity kind>.<what happened>`; the admin filters by these. */
export const AUDIT_ACTIONS = [
  'theater.created',
  'movie.created',
  'movie.poster_set',
  'movie.poster_removed',
  'show.created',
  'sale.changed',
  'ticket.checked_in',
  'ticket.exited',
  'release.published',
  'release.made_stable',
  'release.canary_set',
  'release.promoted',
  'release.rolled_back',
  'release.previewed',
  'rollout.started',
  'rollout.paused',
  'rollout.resumed',
  'rollout.aborted',
  'rollout.advanced',
  'rollout.promoted',
  'rollout.rolled_back',
  'deploy_key.created',
  'deploy_key.revoked',
  'rollout.inconclusive',
  'signing_key.rotated',
  'door_staff.invited',
  'door_staff.removed',
  'screen.created',
  'screen.changed',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ENTITY_KINDS = [
  'theater',
  'movie',
  'show',
  'booking',
  'remote',
  'deploy_key',
  'signing_key',
  'door_staff',
  'screen',
] as const;
export type AuditEntityKind = (typeof AUDIT_ENTITY_KINDS)[number];

/** The label of an action no user took (the rollout ticker, the load-failure rollback). */
export const SYSTEM_ACTOR = 'system';

/**
 * The release registry's own action names (releases/registry/sql.ts insertAudit, kept in
 * release_audit for the release status) as audit actions. `auto_rollback` is the rollout
 * ticker's when the change carries the plan's state, else the load-failure rollback's.
 */
export function releaseAuditAction(action: string, after: unknown): AuditAction {
  switch (action) {
    case 'publish':
      return 'release.published';
    case 'make_stable':
      return 'release.made_stable';
    case 'canary':
      return 'release.canary_set';
    case 'promote':
      return 'release.promoted';
    case 'rollback_canary':
    case 'rollback_stable':
      return 'release.rolled_back';
    case 'auto_rollback':
      return after && typeof after === 'object' && 'rollout_state' in after
        ? 'rollout.rolled_back'
        : 'release.rolled_back';
    case 'rollout_start':
      return 'rollout.started';
    case 'rollout_pause':
      return 'rollout.paused';
    case 'rollout_resume':
      return 'rollout.resumed';
    case 'rollout_abort':
      return 'rollout.aborted';
    case 'rollout_step':
      return 'rollout.advanced';
    case 'rollout_promote':
      return 'rollout.promoted';
    case 'rollout_inconclusive':
      return 'rollout.inconclusive';
    default:
      // A new registry action must be named here first: an unknown one fails its transaction.
      throw new Error(`No audit action for the release action '${action}'`);
  }
}

/**
 * The id of the request being served, for the records written while serving it: set around
 * every request by `auditScope` (audit/scope.ts, mounted in app.ts), absent in the tickers.
 */
export const currentRequest = new AsyncLocalStorage<string>();

/**
 * Who acts in the request being served, when it is not simply a user's id: set around a release
 * route by `releaseAccess` (releases/keys/access.ts). A deploy key acts without a user (actor_id
 * null, the label `key:<name>`); `reason` is the operator's optional why (the route's validated
 * body, read when the record is written). recordAudit applies it to the records of this actor
 * only (`actorId` equal), never to a system action the same request may cause.
 */
export interface ActingScope {
  actorId: number | null;
  label: string;
  reason: () => string | null;
}
export const currentActor = new AsyncLocalStorage<ActingScope>();
