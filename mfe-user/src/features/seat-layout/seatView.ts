import { useState } from 'react';

export type SeatView = 'map' | 'list';

const STORAGE_KEY = 'cinema.seat-view';

function stored(): SeatView {
  try {
    return sessionStorage.getItem(STORAGE_KEY) === 'list' ? 'list' : 'map';
  } catch {
    return 'map';
  }
}

/**
 * Whether the seats show as the map or as the list for screen readers; remembered for the
 * session (sessionStorage), so a customer who needs the list finds it again on the next show.
 */
export function useSeatView(): [SeatView, (view: SeatView) => void] {
  const [view, setView] = useState<SeatView>(stored);
  return [
    view,
    (next) => {
      setView(next);
      try {
        sessionStorage.setItem(STORAGE_KEY, next);
      } catch {
        // Storage refused (private mode): the choice lasts while the page is open.
      }
    },
  ];
}
