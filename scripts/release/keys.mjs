// `npm run release -- keys ...`: deploy keys (docs/decisions/0035-deploy-keys.md) through
// /api/releases/keys/, which only an admin account may call (with RELEASE_KEY set, the API
// refuses with 403 and the CLI prints its detail).
import { releasesApi } from './api.mjs';
import { knownRemote, table } from './commands.mjs';
import { ReleaseError, UsageError } from './errors.mjs';

export const KEY_ACTIONS = ['publish', 'preview', 'canary', 'rollout', 'promote', 'rollback'];

/** `90d` or `90` -> 90: whole days from 1 to 365 (the API's rule). */
export function parseExpires(text) {
  const match = /^(\d{1,3})d?$/.exec(String(text ?? '').trim());
  const days = match ? Number(match[1]) : Number.NaN;
  if (!(days >= 1 && days <= 365)) {
    throw new UsageError(
      `--expires must be a number of days from 1 to 365, e.g. 90d (got "${text}").`,
    );
  }
  return days;
}

/** `publish,canary` -> ['publish', 'canary'], each a known action, once. */
export function parseActions(text) {
  const actions = String(text ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  const unknown = actions.filter((a) => !KEY_ACTIONS.includes(a));
  if (actions.length === 0 || unknown.length > 0 || new Set(actions).size !== actions.length) {
    throw new UsageError(
      `--actions must list one or more of ${KEY_ACTIONS.join(', ')}, each once (got "${text ?? ''}").`,
    );
  }
  return actions;
}

/**
 * `keys create <name> --remote R --actions a,b [--expires 90d]`: the key, shown once.
 * @param {ReturnType<typeof import('./commands.mjs').releaseOptions>} options
 * @param {string} name
 * @param {{remote?: string, actions?: string, expires?: string}} flags
 */
export async function createKey(options, name, { remote, actions, expires }) {
  if (remote === undefined) throw new UsageError('keys create needs --remote <remote>.');
  if (actions === undefined) throw new UsageError('keys create needs --actions <a,b,...>.');
  return await releasesApi(options).post('keys/', {
    name,
    remote: knownRemote(remote),
    actions: parseActions(actions),
    expires_in_days: parseExpires(expires ?? '90d'),
  });
}

export function formatCreatedKey(key) {
  return [
    `Deploy key ${key.name} for mfe-${key.remote} (${key.actions.join(', ')}), expires ${key.expires_at.slice(0, 10)}:`,
    '',
    `  ${key.key}`,
    '',
    'Store it now, e.g. as the pipeline’s RELEASE_KEY secret: it is not shown again (only its hash is kept).',
  ].join('\n');
}

export async function listKeys(options) {
  return (await releasesApi(options).get('keys/')).results;
}

const day = (iso) => (iso ? iso.slice(0, 16).replace('T', ' ') : '-');

export function formatKeys(keys) {
  if (keys.length === 0)
    return 'No deploy keys. Create one: npm run release -- keys create <name> --remote <remote> --actions publish,canary';
  return table(
    ['ID', 'NAME', 'REMOTE', 'ACTIONS', 'STATE', 'EXPIRES', 'LAST USED', 'CREATED BY'],
    keys.map((k) => [
      k.id,
      k.name,
      `mfe-${k.remote}`,
      k.actions.join(','),
      k.state,
      day(k.expires_at),
      day(k.last_used_at),
      k.created_by ?? '-',
    ]),
  );
}

/** `keys revoke <name|id>`: the key revoked (its next call is refused). */
export async function revokeKey(options, nameOrId) {
  const keys = await listKeys(options);
  const key =
    keys.find((k) => k.name === nameOrId) ?? keys.find((k) => String(k.id) === String(nameOrId));
  if (!key) {
    throw new ReleaseError(`No deploy key named ${nameOrId}. See: npm run release -- keys list`);
  }
  return await releasesApi(options).delete(`keys/${key.id}/`);
}
