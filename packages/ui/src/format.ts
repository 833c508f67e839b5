const LOCALE = 'en-IN';

/**
 * A formatter made on its first use, then kept. Every page loads this module, and the first Intl
 * formatter a page makes loads the locale's data: 35-50 ms on a phone's CPU, before the first
 * paint when made at import, though most screens format nothing until their data is in.
 */
function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

const wholeRupees = onFirstUse(
  () =>
    new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }),
);
const rupeesAndPaise = onFirstUse(
  () =>
    new Intl.NumberFormat(LOCALE, {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }),
);

/** 100000 -> '₹1,00,000'; 99.5 -> '₹99.50'. Indian digit grouping, paise only when there are some. */
export function formatRupees(amount: number): string {
  return Number.isInteger(amount) ? wholeRupees().format(amount) : rupeesAndPaise().format(amount);
}

// One way to write dates and times on every screen, the API's own ('Wed, 25 Nov 2026 · 10:00',
// as in a ticket's show text): day before month, no comma before the year, a 24-hour clock.
const dateParts = onFirstUse(
  () =>
    new Intl.DateTimeFormat(LOCALE, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    }),
);
const timeParts = onFirstUse(
  () => new Intl.DateTimeFormat(LOCALE, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
);

function part(parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes): string {
  return parts.find((entry) => entry.type === type)?.value ?? '';
}

function writeDate(date: Date): string {
  const parts = dateParts().formatToParts(date);
  return `${part(parts, 'weekday')}, ${part(parts, 'day')} ${part(parts, 'month')} ${part(parts, 'year')}`;
}

function writeTime(date: Date): string {
  const parts = timeParts().formatToParts(date);
  return `${part(parts, 'hour')}:${part(parts, 'minute')}`;
}

/** A date without a time is that calendar day (not UTC midnight, the day before west of Greenwich). */
function readDate(iso: string): Date {
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return dateOnly
    ? new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]))
    : new Date(iso);
}

/** '2025-11-21' (or an ISO instant) -> 'Fri, 21 Nov 2025'. Unreadable input is returned as it came. */
export function formatDate(iso: string): string {
  const date = readDate(iso);
  return Number.isNaN(date.getTime()) ? iso : writeDate(date);
}

/** '14:30' or '14:30:00' -> '14:30'; '9:05' -> '09:05'. Unreadable input is returned as it came. */
export function formatTime(time: string): string {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(time);
  if (!match) return time;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return time;
  return writeTime(new Date(2000, 0, 1, hours, minutes));
}

/** '18:00', '20:35' -> '18:00 – 20:35'. */
export function formatTimeRange(start: string, end: string): string {
  return `${formatTime(start)} – ${formatTime(end)}`;
}

/**
 * A calendar date and a time of day, '2026-11-25', '10:00' -> 'Wed, 25 Nov 2026 · 10:00'; or
 * one ISO instant in the browser's time zone, '2026-11-25T04:30:00Z' -> 'Wed, 25 Nov 2026 · 10:00'
 * in India. Unreadable input is returned as it came.
 */
export function formatDateTime(date: string, time?: string): string {
  if (time !== undefined) return `${formatDate(date)} · ${formatTime(time)}`;
  const instant = new Date(date);
  return Number.isNaN(instant.getTime()) ? date : `${writeDate(instant)} · ${writeTime(instant)}`;
}

/** '2026-11-21', '18:00', '20:35' -> 'Sat, 21 Nov 2026 · 18:00 – 20:35'. */
export function formatDateTimeRange(date: string, start: string, end: string): string {
  return `${formatDate(date)} · ${formatTimeRange(start, end)}`;
}

const countFormat = onFirstUse(() => new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 }));

/**
 * A count with its noun in the right number: (1, 'seat') -> '1 seat', (12, 'seat') -> '12 seats',
 * (120000, 'ticket') -> '1,20,000 tickets'; irregular plurals are given: (2, 'person', 'people').
 */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${countFormat().format(count)} ${count === 1 ? one : many}`;
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
