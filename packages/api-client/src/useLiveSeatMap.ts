import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Seat, SeatChange } from './apiTypes';
import { openSeatEvents } from './seatEvents';

/** What a seat map does with one event's changes: the map after them and what changed. */
export interface AppliedSeatChanges {
  /** The map with the changes in. */
  seats: Seat[];
  /** The seats whose state changed, as they are now. */
  changed: Seat[];
  /** The event could not be applied with certainty: read the map again. */
  refetch: boolean;
}

/** What one change does to one seat of a map: the seat as it is now, null when nothing changes
 *  for this viewer, or 'refetch' when only the server can say (the map is read again). */
export type SeatUpdate = (seat: Seat, change: SeatChange) => Seat | null | 'refetch';

/**
 * Applies one event's changes to a map with each area's own rule (`update`), seat by seat, copying
 * the map on the first change. A change for a seat the map does not have means the map is stale.
 */
export function applyEachSeatChange(
  seats: readonly Seat[],
  changes: readonly SeatChange[],
  update: SeatUpdate,
): AppliedSeatChanges {
  const index = new Map(seats.map((seat, position) => [seat.id, position]));
  let next: Seat[] | null = null;
  const changed: Seat[] = [];
  let refetch = false;
  for (const change of changes) {
    const position = index.get(change.id);
    const seat = position === undefined ? undefined : (next ?? seats)[position];
    const updated = position === undefined || seat === undefined ? 'refetch' : update(seat, change);
    if (updated === 'refetch') refetch = true;
    else if (updated !== null && position !== undefined) {
      next ??= [...seats];
      next[position] = updated;
      changed.push(updated);
    }
  }
  return { seats: next ?? [...seats], changed, refetch };
}

export interface LiveSeatMapOptions {
  /** The TanStack Query key of the show's seat map (`GET shows/{id}/seats/`): one per show. */
  queryKey: QueryKey;
  /** The area's own rules for applying changes to its map (whose seats, names, picks). */
  apply: (current: Seat[], changes: readonly SeatChange[]) => AppliedSeatChanges;
  /** What a screen reader hears about the changed seats. */
  announce: (changed: Seat[]) => string;
  /** Called for every seat change (e.g. the show's counts to read again). */
  onSeatsChanged?: () => void;
}

export interface LiveSeatMap {
  /** The stream is up: the map is current without polling. */
  live: boolean;
  /** The latest change, in words, for a polite live region ('' before any). */
  announcement: string;
}

/**
 * Keeps a cached seat map of `showId` current from the show's seat events while mounted: changes
 * go into the TanStack Query cache as they happen, and the map is read again when the stream
 * starts (what changed before it was listening), after `reload`, and whenever `apply` cannot be
 * sure. Shared by the customer's and the owner's seat maps; each brings its own `apply`.
 */
export function useLiveSeatMap(showId: number, options: LiveSeatMapOptions): LiveSeatMap {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  // The latest options without restarting the stream when a caller passes new functions.
  const [latest] = useState(() => ({ options }));
  latest.options = options;

  useEffect(() => {
    const queryKey = latest.options.queryKey;
    const readAgain = () => void queryClient.invalidateQueries({ queryKey, exact: true });
    const stream = openSeatEvents(showId, {
      onOpen: () => setLive(true),
      onDown: () => setLive(false),
      onEvent: (event) => {
        if (event.type !== 'seats') {
          readAgain();
          return;
        }
        latest.options.onSeatsChanged?.();
        const current = queryClient.getQueryData<Seat[]>(queryKey);
        if (current === undefined) {
          readAgain();
          return;
        }
        const applied = latest.options.apply(current, event.seats);
        if (applied.changed.length > 0) {
          queryClient.setQueryData(queryKey, applied.seats);
          setAnnouncement(latest.options.announce(applied.changed));
        }
        // A read under way may have been answered before this change: it must not undo it.
        if (applied.refetch || queryClient.isFetching({ queryKey, exact: true }) > 0) readAgain();
      },
    });
    return () => {
      stream.close();
      setLive(false);
    };
  }, [queryClient, showId, latest]);

  return { live, announcement };
}
