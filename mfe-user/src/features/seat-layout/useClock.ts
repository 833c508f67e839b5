import { useEffect, useReducer } from 'react';

/** setTimeout's longest wait; a release further away than that needs no timer yet. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * The time now, and a render again when `moment` passes: wheelchair spaces and companion seats
 * become ordinary seats at the show's accessible_release_at while the page is open
 * (docs/decisions/0045-screens-and-seat-layouts.md), with nothing to reload.
 */
export function useClock(moment: Date): Date {
  const [, tick] = useReducer((count: number) => count + 1, 0);
  const at = moment.getTime();
  useEffect(() => {
    const wait = at - Date.now();
    if (wait <= 0 || wait > MAX_TIMEOUT_MS) return;
    const timer = setTimeout(tick, wait + 1);
    return () => clearTimeout(timer);
  }, [at]);
  return new Date();
}
