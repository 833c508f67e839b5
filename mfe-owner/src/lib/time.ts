const MINUTES_PER_DAY = 24 * 60;

/** '18:00' + 155 -> '20:35'; past midnight it wraps ('23:00' + 90 -> '00:30'). Null for bad input. */
export function addMinutes(time: string, minutes: number): string | null {
  const match = /^(\d{1,2}):(\d{2})/.exec(time);
  if (!match || !Number.isFinite(minutes)) return null;
  const start = Number(match[1]) * 60 + Number(match[2]);
  const total =
    (((start + Math.round(minutes)) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}

/** Today's calendar date where the owner is, as 'YYYY-MM-DD' (what a date input holds). */
export function todayIso(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
