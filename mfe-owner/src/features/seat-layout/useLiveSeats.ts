import { type LiveSeatMap, useLiveSeatMap } from '@cinema/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { seatsQueryKey, showQueryKey } from '../../lib/queryKeys';
import { applySeatChanges, seatChangeAnnouncement } from './liveSeats';

/**
 * Keeps the owner's cached seat map of `showId` current from the show's seat events while
 * mounted (with who booked each seat and who was checked in), and the show's counts with it.
 */
export function useLiveSeats(showId: number): LiveSeatMap {
  const queryClient = useQueryClient();
  return useLiveSeatMap(showId, {
    queryKey: seatsQueryKey(showId),
    apply: applySeatChanges,
    announce: seatChangeAnnouncement,
    // The show's booked and available counts changed too.
    onSeatsChanged: () =>
      void queryClient.invalidateQueries({ queryKey: showQueryKey(showId), exact: true }),
  });
}
