import { api, type ResponseOf } from '@cinema/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deployKeysQueryKey, type NewDeployKey } from './getDeployKeys';
import { releaseAuditQueryKey } from './getReleaseAudit';

/** The new key with its secret (`cdk_...`): the only answer that ever carries it. */
export type CreatedDeployKey = ResponseOf<'/api/releases/keys', 'post', 201>;

/**
 * POST releases/keys/ (admin only) -> 201 the key with `key`; 400 with `fields` for bad input,
 * 409 when the name is taken. Only the key's hash is stored.
 */
export function createDeployKey(input: NewDeployKey): Promise<CreatedDeployKey> {
  return api.post('/api/releases/keys', { body: input });
}

/** Creates a key, then refreshes the list and the release history (which records it). */
export function useCreateDeployKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDeployKey,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: deployKeysQueryKey }),
        queryClient.invalidateQueries({ queryKey: releaseAuditQueryKey }),
      ]);
    },
  });
}
