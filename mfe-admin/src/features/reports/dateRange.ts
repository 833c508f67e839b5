import type { DaySales } from '@cinema/api-client';

/** Show dates from `from` to `to`, inclusive, each 'YYYY-MM-DD'. */
export interface DateRange {
  from: string;
  to: string;
}

/** How far the default range reaches back and ahead of today (the API's default too). */
export const DEFAULT_RANGE_DAYS = 30;

/** Longer ranges are charted as the server sent them, without a bar for every empty day. */
export const MAX_CHART_DAYS = 400;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written 'YYYY-MM-DD'. */
export function isIsoDate(value: string | null | undefined): value is string {
  const match = ISO_DATE.exec(value ?? '');
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** The local calendar day of `date` as 'YYYY-MM-DD'. */
export function toIsoDate(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** '2026-01-31' + 1 -> '2026-02-01'. */
export function addDays(isoDate: string, days: number): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  const date = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (day ?? 1) + days));
  return date.toISOString().slice(0, 10);
}

/** The last 30 days to the next 30 days, around today on this device. */
export function defaultRange(today = new Date()): DateRange {
  const iso = toIsoDate(today);
  return { from: addDays(iso, -DEFAULT_RANGE_DAYS), to: addDays(iso, DEFAULT_RANGE_DAYS) };
}

/**
 * One entry per day from `from` to `to`, with zeros for days without sales, so the chart's
 * bars sit on an even time axis. A reversed, unreadable or very long range gives the server's
 * days as they are, in date order.
 */
export function everyDay(from: string, to: string, byDay: readonly DaySales[]): DaySales[] {
  const sorted = [...byDay].sort((a, b) => a.date.localeCompare(b.date));
  if (!isIsoDate(from) || !isIsoDate(to) || from > to) return sorted;
  const found = new Map(sorted.map((day) => [day.date, day]));
  const days: DaySales[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    if (days.length >= MAX_CHART_DAYS) return sorted;
    days.push(found.get(date) ?? { date, tickets_sold: 0, cancellations: 0, revenue: 0 });
  }
  return days;
}
