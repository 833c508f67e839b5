import assert from 'node:assert/strict';
import { calendarFile, escapeText, foldLine, localStamp, offsetMinutes, vtimezone } from './ics.ts';

const octets = (line: string) => new TextEncoder().encode(line).length;
/** RFC 5545 3.1 unfolding: a CRLF followed by one space disappears. */
const unfold = (text: string) => text.replace(/\r\n /g, '');

Deno.test('text values escape backslash, semicolon, comma and line breaks', () => {
  assert.equal(escapeText('a\\b; c, d\ne\r\nf'), 'a\\\\b\\; c\\, d\\ne\\nf');
});

Deno.test('long lines fold at 75 octets without splitting a character, and unfold to the same', () => {
  const line = `DESCRIPTION:${'₹ नमस्ते 🎬 '.repeat(20)}`;
  const folded = foldLine(line);
  const lines = folded.split('\r\n');
  assert.ok(lines.length > 3);
  for (const [i, l] of lines.entries()) {
    assert.ok(octets(l) <= 75, `line ${i} has ${octets(l)} octets`);
    if (i > 0) assert.ok(l.startsWith(' '));
    assert.ok(l.isWellFormed());
  }
  assert.equal(unfold(folded), line);
  assert.equal(foldLine('SHORT:x'), 'SHORT:x');
});

Deno.test('local times and offsets come from the IANA zone', () => {
  const at = new Date('2026-03-02T12:30:00Z');
  assert.equal(localStamp(at, 'Asia/Kolkata'), '20260302T180000');
  assert.equal(offsetMinutes(at, 'Asia/Kolkata'), 330);
  assert.equal(offsetMinutes(new Date('2026-07-01T12:00:00Z'), 'America/New_York'), -240);
  assert.equal(offsetMinutes(new Date('2026-12-01T12:00:00Z'), 'America/New_York'), -300);
});

Deno.test('a show in India is one event at its local times with a VTIMEZONE for its zone', () => {
  const file = calendarFile({
    uid: 'order-h12@cinebook',
    start: new Date('2026-03-02T12:30:00Z'),
    end: new Date('2026-03-02T15:19:00Z'),
    tz: 'Asia/Kolkata',
    summary: 'Jawan at PVR Phoenix',
    location: 'PVR Phoenix, Lower Parel, Mumbai',
    description: 'Seats C7, C8.',
    now: new Date('2026-03-01T10:00:00Z'),
  });
  // Every line ends with CRLF, and nothing else ends a line.
  assert.ok(file.endsWith('\r\n'));
  assert.equal(file.split('\n').length, file.split('\r\n').length);
  const lines = unfold(file).trimEnd().split('\r\n');
  assert.deepEqual(lines, [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//CineBook//Tickets//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VTIMEZONE',
    'TZID:Asia/Kolkata',
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    'TZOFFSETFROM:+0530',
    'TZOFFSETTO:+0530',
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    'UID:order-h12@cinebook',
    'DTSTAMP:20260301T100000Z',
    'DTSTART;TZID=Asia/Kolkata:20260302T180000',
    'DTEND;TZID=Asia/Kolkata:20260302T204900',
    'SUMMARY:Jawan at PVR Phoenix',
    'LOCATION:PVR Phoenix\\, Lower Parel\\, Mumbai',
    'DESCRIPTION:Seats C7\\, C8.',
    'STATUS:CONFIRMED',
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ]);
});

Deno.test('a show across a daylight-saving change gets both offsets, changing at the right minute', () => {
  // New York falls back at 02:00 EDT (06:00Z) on 1 Nov 2026: 01:00 EDT to 01:30 EST.
  const start = new Date('2026-11-01T05:00:00Z');
  const end = new Date('2026-11-01T06:30:00Z');
  assert.deepEqual(vtimezone('America/New_York', start, end), [
    'BEGIN:VTIMEZONE',
    'TZID:America/New_York',
    'BEGIN:DAYLIGHT',
    'DTSTART:19700101T000000',
    'TZOFFSETFROM:-0400',
    'TZOFFSETTO:-0400',
    'END:DAYLIGHT',
    'BEGIN:STANDARD',
    'DTSTART:20261101T020000',
    'TZOFFSETFROM:-0400',
    'TZOFFSETTO:-0500',
    'END:STANDARD',
    'END:VTIMEZONE',
  ]);
  const file = unfold(
    calendarFile({
      uid: 'x@cinebook',
      start,
      end,
      tz: 'America/New_York',
      summary: 's',
      location: 'l',
      description: 'd',
      now: start,
    }),
  );
  assert.match(file, /\r\nDTSTART;TZID=America\/New_York:20261101T010000\r\n/);
  assert.match(file, /\r\nDTEND;TZID=America\/New_York:20261101T013000\r\n/);
});
