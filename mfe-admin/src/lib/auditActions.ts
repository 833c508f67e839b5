import type { ResponseOf } from '@cinema/api-client';

// The audit log's actions in words, shared by the Audit log page and the Releases page's release
// history (both read the same append-only log: docs/decisions/0033-audit-log.md).
type AuditAction = ResponseOf<'/api/admin/audit', 'get'>['results'][number]['action'];

/** What each action is called on screen (every action the API knows: the type says so). */
export const ACTION_LABELS: Record<AuditAction, string> = {
  'theater.created': 'Theater added',
  'movie.created': 'Movie added',
  'movie.poster_set': 'Movie poster set',
  'movie.poster_removed': 'Movie poster removed',
  'show.created': 'Show scheduled',
  'sale.changed': 'Sale changed',
  'ticket.checked_in': 'Ticket checked in',
  'ticket.exited': 'Ticket holder left',
  'signing_key.rotated': 'Ticket signing key rotated',
  'door_staff.invited': 'Door staff invited',
  'door_staff.removed': 'Door staff removed',
  'screen.created': 'Screen added',
  'screen.changed': 'Screen changed',
  'release.published': 'Release published',
  'release.made_stable': 'Release made stable',
  'release.canary_set': 'Canary set',
  'release.promoted': 'Canary promoted',
  'release.rolled_back': 'Release rolled back',
  'release.previewed': 'Preview link made',
  'rollout.started': 'Rollout started',
  'rollout.paused': 'Rollout paused',
  'rollout.resumed': 'Rollout resumed',
  'rollout.aborted': 'Rollout aborted',
  'rollout.advanced': 'Rollout advanced',
  'rollout.promoted': 'Rollout completed',
  'rollout.rolled_back': 'Rollout rolled back',
  'deploy_key.created': 'Deploy key created',
  'deploy_key.revoked': 'Deploy key revoked',
  'rollout.inconclusive': 'Rollout inconclusive',
};
