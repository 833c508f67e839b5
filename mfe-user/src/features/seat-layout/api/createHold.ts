import type { Hold } from '@cinema/api-client';
import { api } from '@cinema/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { announceHoldChange } from '../../../lib/holdChannel';
import { holdQueryKey, myHoldQueryKey, seatsQueryKey } from '../../../lib/queryKeys';

export interface CreateHoldInput {
  show_id: number;
  seat_ids: number[];
  /** Required while the show is high-demand: the caller's turn from its waiting line. */
  admission_token?: string;
  /** The customer needs a wheelchair space: they may hold one before its release. */
  accessible?: boolean;
}

/**
 * POST holds/: sets the seats aside for the caller while they pay. 409 with `seats` (labels)
 * when some are taken or the selection breaks a seating rule (a stranded seat, an accessible
 * seat held back, a companion seat alone), 400 for a count outside 1..10, 403 when the caller is
 * not a customer.
 */
export function createHold(input: CreateHoldInput): Promise<Hold> {
  return api.post('/api/holds', { body: input });
}

export function useCreateHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createHold,
    onSuccess: (hold) => {
      // The payment page opens with the hold already known.
      queryClient.setQueryData(holdQueryKey(hold.id), hold);
      // The customer's older hold on the show, if any, is replaced: here and in their other tabs.
      queryClient.setQueryData(myHoldQueryKey(hold.show_id), hold);
      void queryClient.invalidateQueries({ queryKey: seatsQueryKey(hold.show_id) });
      announceHoldChange(hold.show_id);
    },
  });
}
