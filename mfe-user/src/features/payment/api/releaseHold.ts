import { api } from '@cinema/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { announceHoldChange } from '../../../lib/holdChannel';
import { allHoldsQueryKey, holdQueryKey, seatsQueryKey } from '../../../lib/queryKeys';

export interface ReleaseHoldInput {
  holdId: number;
  showId: number | null;
}

/** DELETE holds/{id}/: gives the seats back (204). */
export function releaseHold(holdId: number): Promise<void> {
  return api.delete('/api/holds/{id}', { path: { id: holdId } });
}

export function useReleaseHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ holdId }: ReleaseHoldInput) => releaseHold(holdId),
    // Released or not (an expired hold answers 404 or 410), the seat map must be asked again.
    onSettled: (_data, _error, { holdId, showId }) => {
      queryClient.removeQueries({ queryKey: holdQueryKey(holdId) });
      void queryClient.invalidateQueries({ queryKey: allHoldsQueryKey });
      if (showId !== null) {
        void queryClient.invalidateQueries({ queryKey: seatsQueryKey(showId) });
        announceHoldChange(showId);
      }
    },
  });
}
