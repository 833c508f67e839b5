import { describe, expect, it } from 'vitest';
import { EventStreamParser, type StreamEvent } from './eventStream';

function parse(chunks: (string | Uint8Array)[]) {
  const events: StreamEvent[] = [];
  const retries: number[] = [];
  const parser = new EventStreamParser({
    onEvent: (event) => events.push(event),
    onRetry: (ms) => retries.push(ms),
  });
  for (const chunk of chunks) parser.push(chunk);
  return { events, retries };
}

describe('EventStreamParser', () => {
  it('reads id, event and data, and names an unnamed event "message"', () => {
    const { events } = parse([
      'retry: 2000\n\nid: 7\nevent: seats\ndata: {"version":3}\n\ndata: plain\n\n',
    ]);
    expect(events).toEqual([
      { type: 'seats', data: '{"version":3}', lastEventId: '7' },
      { type: 'message', data: 'plain', lastEventId: '7' },
    ]);
  });

  it('joins multi-line data with newlines and drops only one leading space', () => {
    const { events } = parse(['data:first\ndata:  second\ndata\n\n']);
    expect(events).toEqual([{ type: 'message', data: 'first\n second\n', lastEventId: '' }]);
  });

  it('accepts CRLF, CR and LF line ends, even split between chunks', () => {
    const { events } = parse(['id: 1\r', '\nevent: a\r\ndata: x\r', '\r', 'id: 2\rdata: y\n\n']);
    expect(events).toEqual([
      { type: 'a', data: 'x', lastEventId: '1' },
      { type: 'message', data: 'y', lastEventId: '2' },
    ]);
  });

  it('ignores comments, unknown fields, a bad retry and an id with NUL', () => {
    const { events, retries } = parse([
      ': ping\n\n',
      'id: 4\nretry: soon\nretry: 1500\nfoo: bar\ndata: x\n\n',
      'id: 5\u0000\ndata: y\n\n',
    ]);
    expect(retries).toEqual([1500]);
    expect(events.map((event) => event.lastEventId)).toEqual(['4', '4']);
  });

  it('dispatches nothing for an event without data, or one cut off before its blank line', () => {
    const { events } = parse(['event: bye\n\n', 'data: half']);
    expect(events).toEqual([]);
  });

  it('forgets the event name after each event', () => {
    const { events } = parse(['event: ready\ndata: 1\n\ndata: 2\n\n']);
    expect(events.map((event) => event.type)).toEqual(['ready', 'message']);
  });

  it('decodes UTF-8 split inside a character and drops a leading BOM', () => {
    const bytes = new TextEncoder().encode('\uFEFFdata: Café ✓\n\n');
    const { events } = parse([bytes.slice(0, 10), bytes.slice(10, 13), bytes.slice(13)]);
    expect(events).toEqual([{ type: 'message', data: 'Café ✓', lastEventId: '' }]);
  });
});
