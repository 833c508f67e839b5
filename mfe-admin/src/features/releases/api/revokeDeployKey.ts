import { api } from '@cinema/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type DeployKey, deployKeysQueryKey } from './getDeployKeys';
import { releaseAuditQueryKey } from './getReleaseAudit';

/**
 * DELETE releases/keys/{id}/ (admin only) -> 200 the key with `revoked_at`; 404 unknown, 409
 * already revoked. The key is refused from then on.
 */
export function revokeDeployKey(id: DeployKey['id']): Promise<DeployKey> {
  return api.delete('/api/releases/keys/{id}', { path: { id } });
}

/** Revokes a key, then refreshes the list and the release history (which records it). */
export function useRevokeDeployKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeDeployKey,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: deployKeysQueryKey }),
        queryClient.invalidateQueries({ queryKey: releaseAuditQueryKey }),
      ]);
    },
  });
}
