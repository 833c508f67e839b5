import { useAuthStore } from '@cinema/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi, DEFAULT_API_BASE_URL } from './config';
import { EventStreamParser, openEventStream, type StreamEvent } from './eventStream';
import { accessToken, BASE_URL, fakeFetch, jsonResponse, NOW_MS } from './test/fakeApi';
import { eventStreamResponse } from './test/fakeEventStream';
import { onLogout } from './tokenRefresh';

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

// --- The connection -------------------------------------------------------------------------

const STREAM_URL = `${BASE_URL}/shows/12/seats/events/`;
const logoutListener = vi.fn();
let stopListening: () => void = () => {};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.spyOn(Math, 'random').mockReturnValue(0);
  configureApi({ baseUrl: BASE_URL, now: () => NOW_MS });
  useAuthStore.getState().logout();
  logoutListener.mockReset();
  stopListening = onLogout(logoutListener);
});

afterEach(() => {
  stopListening();
  vi.useRealTimers();
  configureApi({ baseUrl: DEFAULT_API_BASE_URL });
});

function loginWith(access: string, refresh = 'refresh-1') {
  useAuthStore.getState().login({
    access,
    refresh,
    user: { id: 1, username: 'asha', email: 'asha@example.com', role: 'user' },
  });
}

/** Lets the stream's promises (fetch, reads, the parser) run; the fake clock stays put. */
async function settle() {
  for (let round = 0; round < 5; round++) await new Promise((resolve) => setImmediate(resolve));
}

/** Opens the stream against a fake API whose stream answers come from `streams`, in order. */
function open(
  answers: (() => Response)[],
  options: Partial<Parameters<typeof openEventStream>[1]> = {},
) {
  const events: StreamEvent[] = [];
  const errors: { error: unknown; retryInMs: number | null }[] = [];
  const onOpen = vi.fn();
  const api = fakeFetch(({ url }) => {
    if (url === `${BASE_URL}/token/refresh/`) return jsonResponse(500, {});
    const answer = answers.shift();
    if (!answer) throw new Error(`No answer left for ${url}`);
    return answer();
  });
  const stream = openEventStream('shows/12/seats/events/', {
    onEvent: (event) => events.push(event),
    onOpen,
    onError: (error, { retryInMs }) => errors.push({ error, retryInMs }),
    ...options,
  });
  const streamCalls = () => api.calls.filter((call) => call.url.startsWith(STREAM_URL));
  return { api, stream, events, errors, onOpen, streamCalls };
}

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

  it('on 401 refreshes the token once and reconnects at once with the new one', async () => {
    const stale = accessToken(600, { jti: 'old' });
    const fresh = accessToken(900, { jti: 'new' });
    loginWith(stale);
    const server = eventStreamResponse();
    const api = fakeFetch(({ url }) => {
      if (url === `${BASE_URL}/token/refresh/`) return jsonResponse(200, { access: fresh });
      return api.calls.filter((call) => call.url === STREAM_URL).length === 1
        ? jsonResponse(401, { detail: 'Token expired', code: 'token_not_valid' })
        : server.response;
    });
    const onOpen = vi.fn();
    const stream = openEventStream('shows/12/seats/events/', { onEvent: () => {}, onOpen });
    await settle();

    const streamCalls = api.calls.filter((call) => call.url === STREAM_URL);
    expect(streamCalls.map((call) => call.headers.get('Authorization'))).toEqual([
      `Bearer ${stale}`,
      `Bearer ${fresh}`,
    ]);
    expect(api.callsTo('token/refresh/')).toHaveLength(1);
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(useAuthStore.getState().access).toBe(fresh);
    stream.close();
  });

  it('refreshes a token about to expire before connecting', async () => {
    loginWith(accessToken(30));
    const fresh = accessToken(900, { jti: 'new' });
    const api = fakeFetch(({ url }) =>
      url === `${BASE_URL}/token/refresh/`
        ? jsonResponse(200, { access: fresh })
        : eventStreamResponse().response,
    );
    const stream = openEventStream('shows/12/seats/events/', { onEvent: () => {} });
    await settle();
    expect(api.calls.map((call) => call.url)).toEqual([`${BASE_URL}/token/refresh/`, STREAM_URL]);
    expect(api.calls[1]?.headers.get('Authorization')).toBe(`Bearer ${fresh}`);
    stream.close();
  });

  it('ends the session and gives up when the refresh token is refused', async () => {
    loginWith(accessToken(600));
    const api = fakeFetch(({ url }) =>
      url === `${BASE_URL}/token/refresh/`
        ? jsonResponse(401, { detail: 'Token is blacklisted', code: 'token_not_valid' })
        : jsonResponse(401, { detail: 'Session ended' }),
    );
    const errors: { error: unknown; retryInMs: number | null }[] = [];
    openEventStream('shows/12/seats/events/', {
      onEvent: () => {},
      onError: (error, { retryInMs }) => errors.push({ error, retryInMs }),
    });
    await settle();

    expect(errors).toEqual([
      { error: expect.objectContaining({ code: 'session_expired' }), retryInMs: null },
    ]);
    expect(useAuthStore.getState().access).toBeNull();
    expect(logoutListener).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.calls.filter((call) => call.url === STREAM_URL)).toHaveLength(1);
  });

  it('a stream ended with its session reconnects once, is refused, signs out and stops', async () => {
    // The API ends a logged-out session's streams with this bye; the reconnect gets 401 and the
    // refresh token of that session is refused too.
    loginWith(accessToken(600));
    const first = eventStreamResponse();
    const api = fakeFetch(({ url }) => {
      if (url === `${BASE_URL}/token/refresh/`) {
        return jsonResponse(401, { detail: 'Token is blacklisted', code: 'token_not_valid' });
      }
      return api.calls.filter((call) => call.url === STREAM_URL).length === 1
        ? first.response
        : jsonResponse(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' });
    });
    const errors: { error: unknown; retryInMs: number | null }[] = [];
    openEventStream('shows/12/seats/events/', {
      onEvent: () => {},
      onError: (error, { retryInMs }) => errors.push({ error, retryInMs }),
    });
    await settle();
    first.send('event: bye\ndata: {"reason":"session_ended"}\n\n');
    first.end();
    await settle();
    await vi.advanceTimersByTimeAsync(2000);
    await settle();

    expect(errors.at(-1)).toEqual({
      error: expect.objectContaining({ code: 'session_expired' }),
      retryInMs: null,
    });
    expect(useAuthStore.getState().access).toBeNull();
    expect(logoutListener).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.calls.filter((call) => call.url === STREAM_URL)).toHaveLength(2);
  });

  it('ends the session when even a freshly refreshed token is refused', async () => {
    loginWith(accessToken(600));
    const api = fakeFetch(({ url }) =>
      url === `${BASE_URL}/token/refresh/`
        ? jsonResponse(200, { access: accessToken(900, { jti: 'new' }) })
        : jsonResponse(401, { detail: 'Session ended' }),
    );
    const errors: (number | null)[] = [];
    openEventStream('shows/12/seats/events/', {
      onEvent: () => {},
      onError: (_error, { retryInMs }) => errors.push(retryInMs),
    });
    await settle();

    expect(errors).toEqual([null]);
    expect(useAuthStore.getState().access).toBeNull();
    expect(logoutListener).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.calls.filter((call) => call.url === STREAM_URL)).toHaveLength(2);
  });

  it('keeps trying when the refresh fails for a reason that may pass (network, 5xx)', async () => {
    loginWith(accessToken(600));
    const { errors, stream } = open([() => jsonResponse(401, { detail: 'Token expired' })]);
    await settle();
    expect(errors).toEqual([{ error: expect.objectContaining({ status: 401 }), retryInMs: 2000 }]);
    expect(useAuthStore.getState().access).not.toBeNull();
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
