import { api, type RequestBodyOf, type ResponseOf } from '@cinema/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { releasesQueryKey } from './getReleases';

// The shapes are the API's own (api/src/routes/releases/ keys routes, through the generated
// OpenAPI types); these names only point into them.

/** `GET releases/keys/` (admin only): every deploy key, newest first, never the key itself. */
export type DeployKeyList = ResponseOf<'/api/releases/keys', 'get'>;
export type DeployKey = DeployKeyList['results'][number];

/** What `POST releases/keys/` takes: name, remote, actions and days until it expires. */
export type NewDeployKey = RequestBodyOf<'/api/releases/keys', 'post'>;
/** One of the release actions a key may be allowed. */
export type DeployKeyAction = NewDeployKey['actions'][number];

/** The actions a key can be given, in the order a release goes through them. */
export const DEPLOY_KEY_ACTIONS = [
  'publish',
  'preview',
  'canary',
  'rollout',
  'promote',
  'rollback',
] as const satisfies readonly DeployKeyAction[];

/** GET releases/keys/ (admin only; a deploy key is refused). */
export function getDeployKeys({ signal }: { signal?: AbortSignal } = {}): Promise<DeployKeyList> {
  return api.get('/api/releases/keys', signal ? { signal } : {});
}

// Under the releases' key, so whatever refreshes the releases refreshes the keys too.
export const deployKeysQueryKey = [...releasesQueryKey, 'keys'] as const;

export function deployKeysQueryOptions() {
  return queryOptions({
    queryKey: deployKeysQueryKey,
    queryFn: ({ signal }) => getDeployKeys({ signal }),
  });
}

export function useDeployKeys() {
  return useQuery(deployKeysQueryOptions());
}
