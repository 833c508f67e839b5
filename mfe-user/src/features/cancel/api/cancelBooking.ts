import type { Ticket } from '@cinema/api-client';
import { api } from '@cinema/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { myTicketsQueryKey, seatsQueryKey, showsQueryKey } from '../../../lib/queryKeys';

/** PATCH bookings/{id}/cancel/ (no body): the ticket, now cancelled. 409 once the show has started. */
export function cancelBooking(ticketId: number): Promise<Ticket> {
  return api.patch('/api/bookings/{id}/cancel', { path: { id: ticketId } });
}

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ticket: Pick<Ticket, 'id' | 'show_id'>) => cancelBooking(ticket.id),
    onSuccess: (_data, ticket) => {
      void queryClient.invalidateQueries({ queryKey: myTicketsQueryKey });
      void queryClient.invalidateQueries({ queryKey: seatsQueryKey(ticket.show_id) });
      // The show's booked and available counts changed too.
      void queryClient.invalidateQueries({ queryKey: showsQueryKey });
    },
  });
}
