import { api } from '@cinema/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { seatsQueryKey } from '../../seat-layout/api/getSeats';
import { announceHoldChange } from '../holdChannel';
import { allHoldsQueryKey, holdQueryKey } from './getHold';

export interface ReleaseHoldInput {
  holdId: number;
  showId: number | null;
}

/** DELETE holds/{id}/: gives the seats back (204). */
export function releaseHold(holdId: number): Promise<void> {
  return api.delete<void>(`holds/${holdId}/`);
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
