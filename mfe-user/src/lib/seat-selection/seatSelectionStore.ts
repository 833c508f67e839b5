import type { Seat } from '@cinema/api-client';
import { create } from 'zustand';
import {
  DEFAULT_TICKETS,
  dropSeats,
  keepSelectable,
  parseTicketCount,
  toggleSeat,
} from './selection';

/** The customer's seat choice for one show: client state, kept while they go to pay and back. */
export interface SeatSelection {
  showId: number | null;
  /** What is typed in 'Number of Tickets' (kept as typed, so an invalid entry can be explained). */
  countInput: string;
  /** Picked seat ids, oldest first. */
  selectedIds: number[];
}

interface SeatSelectionState extends SeatSelection {
  setCount: (showId: number, countInput: string) => void;
  toggle: (showId: number, seat: Pick<Seat, 'id' | 'status'>) => void;
  drop: (showId: number, seatIds: readonly number[]) => void;
  /** Picks exactly these seats (e.g. 'Best available'), keeping the ticket count. */
  choose: (showId: number, seatIds: readonly number[]) => void;
  /** Forgets seats that someone else has taken since they were picked. */
  prune: (showId: number, seats: readonly Seat[]) => void;
  reset: () => void;
}

const initial: SeatSelection = {
  showId: null,
  countInput: String(DEFAULT_TICKETS),
  selectedIds: [],
};

/** The selection of `showId`: a choice made for another show does not carry over. */
export function selectionFor(state: SeatSelection, showId: number | null): SeatSelection {
  return state.showId === showId ? state : { ...initial, showId };
}

export const useSeatSelectionStore = create<SeatSelectionState>()((set) => ({
  ...initial,

  // Changing the ticket count clears the selection.
  setCount: (showId, countInput) => set({ showId, countInput, selectedIds: [] }),

  toggle: (showId, seat) =>
    set((state) => {
      const current = selectionFor(state, showId);
      const count = parseTicketCount(current.countInput);
      return { ...current, selectedIds: toggleSeat(current.selectedIds, seat, count) };
    }),

  drop: (showId, seatIds) =>
    set((state) => {
      const current = selectionFor(state, showId);
      return { ...current, selectedIds: dropSeats(current.selectedIds, seatIds) };
    }),

  choose: (showId, seatIds) =>
    set((state) => ({ ...selectionFor(state, showId), selectedIds: [...seatIds] })),

  prune: (showId, seats) =>
    set((state) => {
      if (state.showId !== showId) return state;
      const kept = keepSelectable(state.selectedIds, seats);
      return kept.length === state.selectedIds.length ? state : { selectedIds: kept };
    }),

  reset: () => set(initial),
}));
