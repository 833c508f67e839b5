/** A wait in words: '45 seconds', '4 minutes', '2 hours 5 minutes'. */
export function formatWait(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (s < 60) return plural(s, 'second');
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? plural(hours, 'hour') : `${plural(hours, 'hour')} ${plural(rest, 'minute')}`;
}

/** A countdown's face: '1:02:03' with hours, else '02:03'. */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor(s / 3600);
  const rest = `${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
  return hours > 0 ? `${hours}:${rest}` : rest;
}

/**
 * The device's time corrected by the server's (`serverNow`, read at `receivedAt`): a countdown
 * to the opening must not trust a phone whose clock is a minute off.
 */
export function serverClock(serverNow: string, receivedAt: number): () => number {
  const skew = Date.parse(serverNow) - receivedAt;
  return () => Date.now() + (Number.isNaN(skew) ? 0 : skew);
}
