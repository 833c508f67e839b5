import { api } from '@cinema/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { announceHoldChange } from '../../../lib/holdChannel';
import {
  allHoldsQueryKey,
  allSeatsQueryKey,
  holdQueryKey,
  myTicketsQueryKey,
  showsQueryKey,
} from '../../../lib/queryKeys';

export interface ConfirmHoldInput {
  holdId: number;
  showId: number;
  /** The same key for every attempt on one hold, so a retry cannot book twice. */
  idempotencyKey: string;
}

/**
 * POST holds/{id}/confirm/ with an Idempotency-Key: 201 with the tickets, 200 with the same
 * tickets for a retry with the same key, 410 (code hold_expired) once the hold has run out.
 */
export function confirmHold({ holdId, idempotencyKey }: Omit<ConfirmHoldInput, 'showId'>) {
  return api.post('/api/holds/{id}/confirm', {
    path: { id: holdId },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useConfirmHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConfirmHoldInput) => confirmHold(input),
    onSuccess: (_data, { holdId, showId }) => {
      queryClient.removeQueries({ queryKey: holdQueryKey(holdId) });
      void queryClient.invalidateQueries({ queryKey: allHoldsQueryKey });
      announceHoldChange(showId);
      void queryClient.invalidateQueries({ queryKey: myTicketsQueryKey });
      void queryClient.invalidateQueries({ queryKey: allSeatsQueryKey });
      void queryClient.invalidateQueries({ queryKey: showsQueryKey });
    },
  });
}
