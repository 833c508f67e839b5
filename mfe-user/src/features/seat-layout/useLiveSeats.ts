import type { Seat } from '@cinema/api-client';
import { openSeatEvents } from '@cinema/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { seatsQueryKey } from '../../lib/queryKeys';
import { selectionFor, useSeatSelectionStore } from '../../lib/seat-selection/seatSelectionStore';
import { applySeatChanges, seatChangeAnnouncement } from './liveSeats';

export interface LiveSeats {
  /** The stream is up: the map is current without polling. */
  live: boolean;
  /** The latest change, in words, for a polite live region ('' before any). */
  announcement: string;
}

/**
 * Keeps the cached seat map of `showId` current from the show's seat events while mounted:
 * changes go into the TanStack Query cache as they happen, and the map is read again when the
 * stream starts (what changed before it was listening), after `reload`, and when an event
 * cannot say whose a seat now is.
 */
export function useLiveSeats(showId: number): LiveSeats {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    const queryKey = seatsQueryKey(showId);
    const readAgain = () => void queryClient.invalidateQueries({ queryKey, exact: true });
    const stream = openSeatEvents(showId, {
      onOpen: () => setLive(true),
      onDown: () => setLive(false),
      onEvent: (event) => {
        if (event.type !== 'seats') {
          readAgain();
          return;
        }
        const current = queryClient.getQueryData<Seat[]>(queryKey);
        if (current === undefined) {
          readAgain();
          return;
        }
        const { selectedIds } = selectionFor(useSeatSelectionStore.getState(), showId);
        const applied = applySeatChanges(current, event.seats, selectedIds);
        if (applied.changed.length > 0) {
          queryClient.setQueryData(queryKey, applied.seats);
          setAnnouncement(seatChangeAnnouncement(applied.changed));
        }
        // A read under way may have been answered before this change: it must not undo it.
        if (applied.refetch || queryClient.isFetching({ queryKey, exact: true }) > 0) readAgain();
      },
    });
    return () => {
      stream.close();
      setLive(false);
    };
  }, [queryClient, showId]);

  return { live, announcement };
}
