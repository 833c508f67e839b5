// `npm run release -- audit [remote]`: the release audit trail (GET /api/releases/audit/): when,
// who (a user, a deploy key or the system), the action, what changed and why, newest first.
// With RELEASE_KEY, the key's own remote only (the API refuses another with 403).
import { releasesApi } from './api.mjs';
import { knownRemote, table } from './commands.mjs';

export async function audit(options, remoteName, { limit = 50 } = {}) {
  const remote = remoteName === undefined ? null : knownRemote(remoteName);
  const query = new URLSearchParams({ page: '1', page_size: String(limit) });
  if (remote) query.set('remote', remote);
  return await releasesApi(options).get(`audit/?${query}`);
}

const pct = (channel) =>
  channel?.canary ? `${channel.canary} at ${channel.canary_percent}%` : 'none';

/** One line of what a record changed, from its details. */
export function whatChanged(record) {
  const { details } = record;
  if (record.action.startsWith('deploy_key.')) {
    const actions = Array.isArray(details.actions) ? ` (${details.actions.join(', ')})` : '';
    const until = details.expires_at ? `, until ${String(details.expires_at).slice(0, 10)}` : '';
    return `key ${details.name}${actions}${until}`;
  }
  const before = details.before ?? null;
  const after = details.after ?? {};
  const parts = [];
  if (after.published) parts.push(`published ${after.published.version}`);
  if ((before?.stable ?? null) !== (after.stable ?? null) && after.stable) {
    parts.push(`stable ${before?.stable ?? 'none'} -> ${after.stable}`);
  }
  if (pct(before) !== pct(after) && 'canary' in after) {
    parts.push(`canary ${pct(before)} -> ${pct(after)}`);
  }
  if (after.rollout_state) parts.push(`rollout ${after.rollout_state}`);
  return parts.join('; ') || '-';
}

export function formatAudit(page, remoteName) {
  if (page.results.length === 0) {
    return `No release actions recorded${remoteName ? ` for ${remoteName}` : ''} yet.`;
  }
  const rows = page.results.map((r) => [
    r.at.slice(0, 16).replace('T', ' '),
    r.actor_kind === 'key' ? `key ${r.actor}` : r.actor,
    r.remote ? `mfe-${r.remote}` : '-',
    r.action,
    whatChanged(r),
    r.reason ?? '',
  ]);
  const more =
    page.count > page.results.length ? `\n(${page.results.length} newest of ${page.count})` : '';
  return table(['WHEN (UTC)', 'WHO', 'REMOTE', 'ACTION', 'WHAT CHANGED', 'WHY'], rows) + more;
}
