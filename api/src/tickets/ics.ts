// A show as an iCalendar file (RFC 5545), written by hand: the confirmation email attaches it and
// GET my-tickets/{id}/calendar.ics serves it. Times are local wall-clock times of the theater's
// time zone (the product's APP_TIMEZONE) with TZID, plus a VTIMEZONE describing that zone's UTC
// offsets around the show (computed with Intl, so any IANA zone works, daylight saving included):
// calendars show the time the ticket says, and the file is valid on its own (RFC 5545 3.2.19: a
// TZID must have its VTIMEZONE) for clients that do not know the IANA name.

export interface CalendarEvent {
  /** Globally unique and stable: the same order always gets the same UID, so re-adding updates. */
  uid: string;
  start: Date;
  end: Date;
  /** IANA time zone the times are written in. */
  tz: string;
  summary: string;
  location: string;
  description: string;
  /** When the file was made (DTSTAMP). */
  now: Date;
}

const CRLF = '\r\n';

/** TEXT value escaping (RFC 5545 3.3.11): backslash, semicolon, comma, line breaks. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/**
 * One content line folded so that no line is longer than 75 octets (RFC 5545 3.1): continuation
 * lines start with a space, and a UTF-8 character is never split.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    // The first line holds 75 octets; the others 74 after their leading space.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'YYYYMMDDTHHMMSSZ'. */
export function utcStamp(at: Date): string {
  return (
    `${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}` +
    `T${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}Z`
  );
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsIn(at: Date, tz: string): Record<string, number> {
  let format = formatters.get(tz);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(tz, format);
  }
  const parts: Record<string, number> = {};
  for (const p of format.formatToParts(at)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return parts;
}

/** The wall-clock time of `at` in `tz`, 'YYYYMMDDTHHMMSS' (no Z: a local time). */
export function localStamp(at: Date, tz: string): string {
  const p = partsIn(at, tz);
  return `${pad(p.year ?? 0, 4)}${pad(p.month ?? 0)}${pad(p.day ?? 0)}T${pad(p.hour ?? 0)}${pad(p.minute ?? 0)}${pad(p.second ?? 0)}`;
}

/** The UTC offset of `tz` at `at`, in minutes (Asia/Kolkata: 330). */
export function offsetMinutes(at: Date, tz: string): number {
  const p = partsIn(at, tz);
  const asUtc = Date.UTC(
    p.year ?? 0,
    (p.month ?? 1) - 1,
    p.day ?? 1,
    p.hour ?? 0,
    p.minute ?? 0,
    p.second ?? 0,
  );
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** 330 -> '+0530', -240 -> '-0400'. */
function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
}

/** The local time (in the offset before it) of the instant `at`, 'YYYYMMDDTHHMMSS'. */
function stampAtOffset(at: Date, offset: number): string {
  return utcStamp(new Date(at.getTime() + offset * 60_000)).slice(0, -1);
}

/**
 * A VTIMEZONE for `tz` that is right for every instant from `from` to `to`: one observance with
 * the offset in force at `from` and, when the offset changes before `to` (a show across a
 * daylight-saving change), a second one from the change, found to the minute.
 */
export function vtimezone(tz: string, from: Date, to: Date): string[] {
  const before = offsetMinutes(from, tz);
  const after = offsetMinutes(to, tz);
  const observance = (kind: string, start: string, fromOffset: number, toOffset: number) => [
    `BEGIN:${kind}`,
    `DTSTART:${start}`,
    `TZOFFSETFROM:${formatOffset(fromOffset)}`,
    `TZOFFSETTO:${formatOffset(toOffset)}`,
    `END:${kind}`,
  ];
  const lines = ['BEGIN:VTIMEZONE', `TZID:${tz}`];
  if (before === after) {
    lines.push(...observance('STANDARD', '19700101T000000', before, before));
  } else {
    // In whole minutes: `lo` has the old offset, `hi` the new; `hi` ends as the change.
    let lo = Math.floor(from.getTime() / 60_000);
    let hi = Math.ceil(to.getTime() / 60_000);
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (offsetMinutes(new Date(mid * 60_000), tz) === before) lo = mid;
      else hi = mid;
    }
    const change = new Date(hi * 60_000);
    // The larger offset is the daylight-saving one.
    const [first, second] = before < after ? ['STANDARD', 'DAYLIGHT'] : ['DAYLIGHT', 'STANDARD'];
    lines.push(
      ...observance(first, '19700101T000000', before, before),
      ...observance(second, stampAtOffset(change, before), before, after),
    );
  }
  lines.push('END:VTIMEZONE');
  return lines;
}

/** The whole .ics file: one VEVENT with its VTIMEZONE, CRLF line ends, folded lines. */
export function calendarFile(event: CalendarEvent): string {
  const tzid = `TZID=${event.tz}`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//CineBook//Tickets//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...vtimezone(event.tz, event.start, event.end),
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${utcStamp(event.now)}`,
    `DTSTART;${tzid}:${localStamp(event.start, event.tz)}`,
    `DTEND;${tzid}:${localStamp(event.end, event.tz)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `LOCATION:${escapeText(event.location)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    'STATUS:CONFIRMED',
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
