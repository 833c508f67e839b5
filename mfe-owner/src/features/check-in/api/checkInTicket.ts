import type { ApiComponents } from '@cinema/api-client';
import { ApiError, api } from '@cinema/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checkInShowsQueryKey } from '../../../lib/queryKeys';
import type { CheckInShow } from './getCheckInShows';

export type CheckIn = ApiComponents['schemas']['CheckIn'];
export type DoorTicket = ApiComponents['schemas']['DoorTicket'];
export type CheckInCounts = ApiComponents['schemas']['CheckInCounts'];

/**
 * POST tickets/check-in/ {code, show_id}: 200 admitted, once. Otherwise an ApiError: 409 with a
 * `code` saying why (already_checked_in, ticket_cancelled, too_early, show_ended, wrong_show,
 * wrong_theater) and the ticket and counts in its body; 404 ticket_not_found; 400 fields.
 */
export function checkInTicket(input: { code: string; show_id: number }): Promise<CheckIn> {
  return api.post('/api/tickets/check-in', { body: input });
}

/** The show's counts an answer carries, whether it admitted or refused. */
export function countsOf(answer: CheckIn | unknown): CheckInCounts | null {
  if (answer instanceof ApiError) return countsOf(answer.body);
  const counts = (answer as { counts?: CheckInCounts } | null)?.counts;
  return counts && typeof counts.show_id === 'number' ? counts : null;
}

/** Checks a ticket in; every answer's counts go straight into the day's shows. */
export function useCheckIn() {
  const queryClient = useQueryClient();
  const update = (counts: CheckInCounts | null) => {
    if (!counts) return;
    queryClient.setQueryData<CheckInShow[]>(checkInShowsQueryKey, (shows) =>
      shows?.map((show) =>
        show.id === counts.show_id
          ? { ...show, checked_in: counts.checked_in, sold: counts.sold }
          : show,
      ),
    );
  };
  return useMutation({
    mutationFn: checkInTicket,
    onSuccess: (answer) => update(countsOf(answer)),
    onError: (error) => update(countsOf(error)),
  });
}
