import { useEffect, useRef, useState } from 'react';

/**
 * Seconds until `at` (ISO) by `now()`, updated every second; `onZero` runs once when it gets
 * there (the page then asks the server what changed).
 */
export function useSecondsUntil(at: string, now: () => number, onZero?: () => void): number {
  const left = () => Math.max(0, Math.ceil((Date.parse(at) - now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  const zero = useRef(onZero);
  zero.current = onZero;
  useEffect(() => {
    let done = false;
    const tick = () => {
      const value = Math.max(0, Math.ceil((Date.parse(at) - now()) / 1000));
      setSeconds(value);
      if (value === 0 && !done) {
        done = true;
        clearInterval(timer);
        zero.current?.();
      }
    };
    const timer = setInterval(tick, 1000);
    tick();
    return () => clearInterval(timer);
  }, [at, now]);
  return seconds;
}
