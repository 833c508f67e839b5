// Amounts, counts, dates and times are written by hand, in the one way the product writes them
// (India's: '₹1,00,000', 'Wed, 25 Nov 2026', '10:00'), not with Intl: the first Intl formatter a
// page makes loads the locale's data, 12-17 ms on this machine's CPU and 50-70 ms on a phone's,
// inside the render that first shows a price or a date (the seat map's longest task). format.test.ts
// checks every writer against Intl's en-IN output (docs/decisions/0020-formats-by-hand.md).

/** '1234567' -> '12,34,567': the last three digits, then pairs (lakh and crore grouping). */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  const pairs = head.replace(/\B(?=(\d{2})+$)/g, ',');
  return `${pairs},${digits.slice(-3)}`;
}

/**
 * A non-negative number rounded to `decimals` places as Intl rounds it: half away from zero, on
 * the shortest decimal that reads back as the number (1.005 -> '1.01', where toFixed gives
 * '1.00' from the binary value just under it).
 */
function roundHalfUp(value: number, decimals: number): { whole: string; fraction: string } {
  const written = String(value);
  if (written.includes('e')) {
    // Below a millionth or above 10^21: no amount or count the product shows.
    const [whole = '0', fraction = ''] = value.toFixed(decimals).split('.');
    return { whole, fraction };
  }
  const [whole = '0', fraction = ''] = written.split('.');
  const kept = BigInt(whole + fraction.slice(0, decimals).padEnd(decimals, '0'));
  const digits = String((fraction[decimals] ?? '0') >= '5' ? kept + 1n : kept).padStart(
    decimals + 1,
    '0',
  );
  const cut = digits.length - decimals;
  return { whole: digits.slice(0, cut), fraction: digits.slice(cut) };
}

/** A number rounded and grouped, its sign first: (-1234.5, 0) -> '-1,235'; ∞ and NaN as Intl. */
function writeNumber(value: number, decimals: number, symbol = ''): string {
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  if (!Number.isFinite(value)) return `${sign}${symbol}${Number.isNaN(value) ? 'NaN' : '∞'}`;
  const { whole, fraction } = roundHalfUp(Math.abs(value), decimals);
  return `${sign}${symbol}${groupIndian(whole)}${decimals > 0 ? `.${fraction}` : ''}`;
}

/** 100000 -> '₹1,00,000'; 99.5 -> '₹99.50'. Indian digit grouping, paise only when there are some. */
export function formatRupees(amount: number): string {
  return writeNumber(amount, Number.isInteger(amount) ? 0 : 2, '₹');
}

// One way to write dates and times on every screen, the API's own ('Wed, 25 Nov 2026 · 10:00',
// as in a ticket's show text): day before month, no comma before the year, a 24-hour clock.
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sept',
  'Oct',
  'Nov',
  'Dec',
];

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

function writeDate(date: Date): string {
  return `${WEEKDAYS[date.getDay()]}, ${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

function writeTime(date: Date): string {
  return `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}

/**
 * A date without a time is that calendar day (not UTC midnight, the day before west of Greenwich).
 * Its year is taken as written (`new Date(99, …)` would mean 1999), and a day the calendar does
 * not have ('2026-02-31', which Date would roll over into March) is unreadable.
 */
function readDate(iso: string): Date {
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!dateOnly) return new Date(iso);
  const [year, month, day] = dateOnly.slice(1).map(Number) as [number, number, number];
  const date = new Date(2000, 0, 1);
  date.setFullYear(year, month - 1, day);
  return date.getMonth() === month - 1 && date.getDate() === day ? date : new Date(Number.NaN);
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

/**
 * A count with its noun in the right number: (1, 'seat') -> '1 seat', (12, 'seat') -> '12 seats',
 * (120000, 'ticket') -> '1,20,000 tickets'; irregular plurals are given: (2, 'person', 'people').
 */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${writeNumber(count, 0)} ${count === 1 ? one : many}`;
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
