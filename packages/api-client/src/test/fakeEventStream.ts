import { useAuthStore } from '@cinema/auth';
import { afterEach, beforeEach, vi } from 'vitest';
import { configureApi, DEFAULT_API_BASE_URL } from '../config';
import { openEventStream, type StreamEvent } from '../eventStream';
import { onLogout } from '../tokenRefresh';
import { BASE_URL, fakeFetch, jsonResponse, NOW_MS } from './fakeApi';

/**
 * A `text/event-stream` answer the test writes into as it goes: `send(': ping\n\n')`, then
 * `end()` (the server closes it) or `fail()` (the connection breaks).
 */
export function eventStreamResponse(
  headers: HeadersInit = { 'Content-Type': 'text/event-stream' },
) {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
    },
    cancel() {
      cancelled = true;
    },
  });
  return {
    response: new Response(body, { status: 200, headers }),
    send(text: string | Uint8Array) {
      controller.enqueue(typeof text === 'string' ? encoder.encode(text) : text);
    },
    end() {
      controller.close();
    },
    fail(error: unknown = new TypeError('network error')) {
      controller.error(error);
    },
    /** The client stopped reading (it closed the stream or gave up on the connection). */
    get cancelled() {
      return cancelled;
    },
  };
}

// --- A connection under test -------------------------------------------------------------

export const STREAM_URL = `${BASE_URL}/shows/12/seats/events/`;
/** Called when the session ends (onLogout), reset before each test. */
export const logoutListener = vi.fn();

/**
 * Before each test: fake timeouts, no jitter, the API at BASE_URL, nobody logged in and
 * logoutListener listening; after it, all of that undone.
 */
export function setUpConnectionTests() {
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
}

export function loginWith(access: string, refresh = 'refresh-1') {
  useAuthStore.getState().login({
    access,
    refresh,
    user: { id: 1, username: 'asha', email: 'asha@example.com', role: 'user' },
  });
}

/** Lets the stream's promises (fetch, reads, the parser) run; the fake clock stays put. */
export async function settle() {
  for (let round = 0; round < 5; round++) await new Promise((resolve) => setImmediate(resolve));
}

/** Opens the stream against a fake API whose stream answers come from `streams`, in order. */
export function open(
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
