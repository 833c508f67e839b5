import { api } from '@cinema/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Remote, type RolloutPlan, releasesQueryKey } from './getReleases';

/**
 * POST releases/{remote}/rollout/abort/ (admin only) -> 200 {rollout}; 409 without an active plan
 * or when it is not in a state to be aborted.
 * Ends the plan and rolls the canary back, with the reason 'Rollout aborted by <username>.'
 */
export async function abortRollout(remote: Remote): Promise<RolloutPlan> {
  const answer = await api.post('/api/releases/{remote}/rollout/abort', { path: { remote } });
  return answer.rollout;
}

/** Aborts a remote's rollout and refreshes the status and its charts. */
export function useAbortRollout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: abortRollout,
    onSettled: () => queryClient.invalidateQueries({ queryKey: releasesQueryKey }),
  });
}
