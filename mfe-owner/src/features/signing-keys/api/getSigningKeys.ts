import { api, type ResponseOf } from '@cinema/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';

// The shapes are the API's own (api/src/routes/tickets/get-signing-keys.ts, through the generated
// OpenAPI types); these names only point into them.

/** `GET tickets/signing-keys/` (owners only): the caller's keys, active and retired, newest first. */
export type SigningKeyList = ResponseOf<'/api/tickets/signing-keys', 'get'>;
export type SigningKey = SigningKeyList['results'][number];

/** Every signing key query of the owner area starts with this. */
export const signingKeysQueryKey = ['owner', 'signing-keys'] as const;

export function getSigningKeys({ signal }: { signal?: AbortSignal } = {}): Promise<SigningKeyList> {
  return api.get('/api/tickets/signing-keys', signal ? { signal } : {});
}

export function signingKeysQueryOptions() {
  return queryOptions({
    queryKey: signingKeysQueryKey,
    queryFn: ({ signal }) => getSigningKeys({ signal }),
  });
}

export function useSigningKeys() {
  return useQuery(signingKeysQueryOptions());
}

/** The key passes are signed with now, if any (at most one is not retired). */
export function activeKey(keys: readonly SigningKey[]): SigningKey | undefined {
  return keys.find((key) => key.retired_at === null);
}
