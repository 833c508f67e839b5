import { api } from '@cinema/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Remote, type RolloutPlan, releasesQueryKey } from './getReleases';

/**
 * POST releases/{remote}/rollout/pause/ (admin only) -> 200 {rollout}; 409 without an active plan
 * or when it is not in a state to be paused.
 * Stops the plan where it is: no step is taken and nothing is judged until it is resumed.
 */
export async function pauseRollout(remote: Remote): Promise<RolloutPlan> {
  const answer = await api.post('/api/releases/{remote}/rollout/pause', { path: { remote } });
  return answer.rollout;
}

/** Pauses a remote's rollout and refreshes the status and its charts. */
export function usePauseRollout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pauseRollout,
    onSettled: () => queryClient.invalidateQueries({ queryKey: releasesQueryKey }),
  });
}
