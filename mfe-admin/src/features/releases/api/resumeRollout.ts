import { api } from '@cinema/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Remote, type RolloutPlan, releasesQueryKey } from './getReleases';

/**
 * POST releases/{remote}/rollout/resume/ (admin only) -> 200 {rollout}; 409 without an active plan
 * or when it is not in a state to be resumed.
 * Starts a paused plan again; its step begins anew, with a full interval before the next.
 */
export async function resumeRollout(remote: Remote): Promise<RolloutPlan> {
  const answer = await api.post('/api/releases/{remote}/rollout/resume', { path: { remote } });
  return answer.rollout;
}

/** Resumes a remote's rollout and refreshes the status and its charts. */
export function useResumeRollout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeRollout,
    onSettled: () => queryClient.invalidateQueries({ queryKey: releasesQueryKey }),
  });
}
