const LOCALE = 'en-IN';

const wholeRupees = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});
const rupeesAndPaise = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 100000 -> '₹1,00,000'; 99.5 -> '₹99.50'. Indian digit grouping, paise only when there are some. */
export function formatRupees(amount: number): string {
  return Number.isInteger(amount) ? wholeRupees.format(amount) : rupeesAndPaise.format(amount);
}

const dateFormat = new Intl.DateTimeFormat(LOCALE, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat(LOCALE, { hour: 'numeric', minute: '2-digit' });

/**
 * '2025-11-21' -> 'Fri, 21 Nov 2025'. A date without a time is read as that calendar day
 * (not UTC midnight, which would show the previous day west of Greenwich). Unreadable input
 * is returned as it came.
 */
export function formatDate(iso: string): string {
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  const date = dateOnly
    ? new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]))
    : new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

/** '14:30' or '14:30:00' -> '2:30 pm'. Unreadable input is returned as it came. */
export function formatTime(time: string): string {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(time);
  if (!match) return time;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return time;
  return timeFormat.format(new Date(2000, 0, 1, hours, minutes));
}

/** '18:00', '20:35' -> '6:00 pm – 8:35 pm'. */
export function formatTimeRange(start: string, end: string): string {
  return `${formatTime(start)} – ${formatTime(end)}`;
}

/** '2026-11-21', '18:00', '20:35' -> 'Sat, 21 Nov 2026, 6:00 pm – 8:35 pm'. */
export function formatDateTimeRange(date: string, start: string, end: string): string {
  return `${formatDate(date)}, ${formatTimeRange(start, end)}`;
}

/** { row: 'A', column: 5 } -> 'A5'. */
export function seatLabel(seat: { row: string; column: number }): string {
  return `${seat.row}${seat.column}`;
}

/**
 * A number from the API, which may arrive as a numeric string ('200.00') for money; 0 when
 * unreadable.
 */
export function toNumber(value: number | string | null | undefined): number {
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : 0;
}
