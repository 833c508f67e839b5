import { useEffect, useState } from 'react';

/** Whole seconds from now until `expiresAt` (ISO), never below 0; 0 for an unreadable date. */
export function secondsUntil(expiresAt: string, now = Date.now()): number {
  const end = Date.parse(expiresAt);
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.ceil((end - now) / 1000));
}

/** 299 -> '04:59' */
export function formatCountdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Seconds left until `expiresAt`, updated every second until it reaches 0. */
export function useCountdown(expiresAt: string): number {
  const [secondsLeft, setSecondsLeft] = useState(() => secondsUntil(expiresAt));

  useEffect(() => {
    setSecondsLeft(secondsUntil(expiresAt));
    if (secondsUntil(expiresAt) === 0) return;
    const timer = setInterval(() => {
      const left = secondsUntil(expiresAt);
      setSecondsLeft(left);
      if (left === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);

  return secondsLeft;
}
