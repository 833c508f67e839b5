import { describe, expect, it, vi } from 'vitest';
import { accessToken, jsonResponse } from './test/fakeApi';
import {
  eventStreamResponse,
  loginWith,
  open,
  STREAM_URL,
  settle,
  setUpConnectionTests,
} from './test/fakeEventStream';

setUpConnectionTests();

describe('openEventStream', () => {
  it('sends the access token in a header, never in the URL, and delivers events as they come', async () => {
    const token = accessToken(600);
    loginWith(token);
    const server = eventStreamResponse();
    const { events, onOpen, streamCalls, stream } = open([() => server.response]);

    await settle();
    expect(onOpen).toHaveBeenCalledTimes(1);
    const [call] = streamCalls();
    expect(call?.url).toBe(STREAM_URL);
    expect(call?.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(call?.headers.get('Accept')).toBe('text/event-stream');
    expect(call?.headers.has('Last-Event-ID')).toBe(false);
    expect(call?.credentials).toBe('include');
    // Low priority: the page's own requests go first, and nobody waits for the stream to end.
    expect(call?.priority).toBe('low');

    server.send('retry: 2000\n\nid: 0\nevent: ready\ndata: {"version":3}\n\n: ping\n\n');
    server.send('id: 41\nevent: seats\ndata: {"seats":[]}\n\n');
    await settle();
    expect(events.map((event) => [event.type, event.lastEventId])).toEqual([
      ['ready', '0'],
      ['seats', '41'],
    ]);
    expect(stream.lastEventId).toBe('41');
    stream.close();
  });

  it('reconnects after retry: with the id of the last event, when the server ends the stream', async () => {
    loginWith(accessToken(600));
    const first = eventStreamResponse();
    const second = eventStreamResponse();
    const { events, errors, streamCalls, stream } = open([
      () => first.response,
      () => second.response,
    ]);
    await settle();
    first.send('retry: 3000\nid: 41\nevent: seats\ndata: {}\n\nevent: bye\ndata: {}\n\n');
    first.end();
    await settle();
    expect(errors).toEqual([{ error: expect.any(Error), retryInMs: 3000 }]);

    await vi.advanceTimersByTimeAsync(2999);
    expect(streamCalls()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await settle();

    expect(streamCalls()).toHaveLength(2);
    expect(streamCalls()[1]?.headers.get('Last-Event-ID')).toBe('41');
    second.send('id: 42\nevent: seats\ndata: {}\n\n');
    await settle();
    expect(events.map((event) => event.lastEventId)).toEqual(['41', '41', '42']);
    stream.close();
  });

  it('can send the last event id as a query parameter instead', async () => {
    loginWith(accessToken(600));
    const first = eventStreamResponse();
    const { streamCalls, stream } = open(
      [() => first.response, () => eventStreamResponse().response],
      {
        lastEventIdParam: 'last_event_id',
        lastEventId: '9',
      },
    );
    await settle();
    expect(streamCalls()[0]?.url).toBe(`${STREAM_URL}?last_event_id=9`);
    expect(streamCalls()[0]?.headers.has('Last-Event-ID')).toBe(false);
    stream.close();
  });

  it('backs off 2, 4, 8, 16, 30, 30 s while the server cannot be reached, and starts over once it can', async () => {
    loginWith(accessToken(600));
    const down = () => jsonResponse(503, { detail: 'Down' });
    const up = eventStreamResponse();
    const { errors, onOpen, streamCalls, stream } = open([
      down,
      () => {
        throw new TypeError('Failed to fetch');
      },
      down,
      down,
      down,
      down,
      () => up.response,
      () => eventStreamResponse().response,
    ]);
    await settle();
    for (const wait of [2000, 4000, 8000, 16000, 30000, 30000]) {
      expect(errors.at(-1)?.retryInMs).toBe(wait);
      await vi.advanceTimersByTimeAsync(wait);
      await settle();
    }
    expect(streamCalls()).toHaveLength(7);
    expect(onOpen).toHaveBeenCalledTimes(1);

    up.fail();
    await settle();
    expect(errors.at(-1)?.retryInMs).toBe(2000);
    stream.close();
  });

  it('adds up to a fifth more to each wait, so that viewers dropped together come back apart', async () => {
    vi.mocked(Math.random).mockReturnValue(0.5);
    loginWith(accessToken(600));
    const { errors, stream } = open([() => jsonResponse(503, {})]);
    await settle();
    expect(errors[0]?.retryInMs).toBe(2200);
    stream.close();
  });

  it('gives a silent connection up after the idle timeout and reconnects', async () => {
    loginWith(accessToken(600));
    const first = eventStreamResponse();
    const { errors, streamCalls, stream } = open(
      [() => first.response, () => eventStreamResponse().response],
      { idleTimeoutMs: 45_000 },
    );
    await settle();
    await vi.advanceTimersByTimeAsync(30_000);
    first.send(': ping\n\n');
    await settle();
    await vi.advanceTimersByTimeAsync(44_000);
    expect(errors).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    await settle();

    expect(first.cancelled).toBe(true);
    expect(errors).toEqual([
      { error: expect.objectContaining({ name: 'StreamEnded' }), retryInMs: 2000 },
    ]);
    await vi.advanceTimersByTimeAsync(2000);
    await settle();
    expect(streamCalls()).toHaveLength(2);
    stream.close();
  });

  it.each([400, 403, 404])('gives up on %i, which a retry cannot fix', async (status) => {
    loginWith(accessToken(600));
    const { errors, streamCalls } = open([() => jsonResponse(status, { detail: 'Not found.' })]);
    await settle();
    expect(errors).toEqual([{ error: expect.objectContaining({ status }), retryInMs: null }]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(streamCalls()).toHaveLength(1);
  });

  it('treats an answer that is not an event stream as a failure to retry', async () => {
    loginWith(accessToken(600));
    const { errors, stream } = open([() => jsonResponse(200, { seats: [] })]);
    await settle();
    expect(errors).toEqual([
      {
        error: expect.objectContaining({ message: 'Not an event stream: application/json' }),
        retryInMs: 2000,
      },
    ]);
    stream.close();
  });

  it('stops for good when its signal is aborted: the body is cancelled and nothing reconnects', async () => {
    loginWith(accessToken(600));
    const server = eventStreamResponse();
    const controller = new AbortController();
    const { errors, streamCalls } = open([() => server.response], { signal: controller.signal });
    await settle();

    controller.abort();
    await settle();
    await vi.advanceTimersByTimeAsync(60_000);

    expect(server.cancelled).toBe(true);
    expect(errors).toEqual([]);
    expect(streamCalls()).toHaveLength(1);
  });

  it('close() during a wait between tries stops the next try', async () => {
    loginWith(accessToken(600));
    const { stream, streamCalls } = open([() => jsonResponse(503, {})]);
    await settle();
    stream.close();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(streamCalls()).toHaveLength(1);
  });

  it('a listener that throws does not end the stream', async () => {
    loginWith(accessToken(600));
    const server = eventStreamResponse();
    const seen: string[] = [];
    const { stream } = open([() => server.response], {
      onEvent: (event) => {
        seen.push(event.data);
        if (event.data === 'bad') throw new Error('listener bug');
      },
    });
    await settle();
    server.send('data: bad\n\ndata: good\n\n');
    await settle();
    expect(seen).toEqual(['bad', 'good']);
    await expect(vi.advanceTimersByTimeAsync(0)).rejects.toThrow('listener bug');
    stream.close();
  });
});
