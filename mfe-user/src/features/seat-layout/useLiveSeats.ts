import { type LiveSeatMap, useLiveSeatMap } from '@cinema/api-client';
import { seatsQueryKey } from '../../lib/queryKeys';
import { selectionFor, useSeatSelectionStore } from '../../lib/seat-selection/seatSelectionStore';
import { applySeatChanges, seatChangeAnnouncement } from './liveSeats';

/**
 * Keeps the customer's cached seat map of `showId` current from the show's seat events while
 * mounted; the seats they picked decide what must be read again (liveSeats.ts).
 */
export function useLiveSeats(showId: number): LiveSeatMap {
  return useLiveSeatMap(showId, {
    queryKey: seatsQueryKey(showId),
    apply: (current, changes) => {
      const { selectedIds } = selectionFor(useSeatSelectionStore.getState(), showId);
      return applySeatChanges(current, changes, selectedIds);
    },
    announce: seatChangeAnnouncement,
  });
}
