import { useAuthStore } from '@cinema/auth';
import type { QueryParams } from './config';
import { ApiError, toApiError } from './errors';
import { readBody, send } from './http';
import { accessTokenAfterUnauthorized, accessTokenForRequest, endSession } from './tokenRefresh';

/**
 * Server-Sent Events over fetch. EventSource cannot send headers, so it would need the access
 * token in the URL (and in every log on the way); fetch sends it as `Authorization`, through the
 * same refresh as every other call. The stream is parsed as the HTML standard parses
 * `text/event-stream`, and reconnects as EventSource does: after `retry:` (backing off while the
 * server cannot be reached), with the id of the last event it received.
 */

/** One event as the server sent it. */
export interface StreamEvent {
  /** The `event:` field; 'message' when the server named none. */
  type: string;
  /** The `data:` lines joined with '\n'. */
  data: string;
  /** The last `id:` the stream has sent up to and including this event ('' when none). */
  lastEventId: string;
}

export interface StreamFailure {
  /** Milliseconds until the next try; null when the stream has given up for good. */
  retryInMs: number | null;
}

export interface EventStreamOptions {
  onEvent: (event: StreamEvent) => void;
  /** Each time a connection is up (a 200 `text/event-stream` answer). */
  onOpen?: () => void;
  /**
   * Each time a connection fails or ends. The stream gives up (retryInMs null) only when going on
   * cannot help: the session is over, or the server refused the call (400, 403, 404 ...).
   */
  onError?: (error: unknown, failure: StreamFailure) => void;
  /** Aborting it closes the stream for good; no onError follows. */
  signal?: AbortSignal;
  query?: QueryParams;
  /** Resume after this event id, as if it had been received. */
  lastEventId?: string;
  /**
   * Where the last event id travels on a reconnect: the `Last-Event-ID` header (the standard's
   * way), or a query parameter of this name (for servers behind proxies that strip the header,
   * or across origins whose CORS rules do not allow it).
   */
  lastEventIdParam?: string;
  /** The first wait before a reconnect, until the server says otherwise with `retry:`. */
  retryMs?: number;
  /** The longest wait between tries while the server stays unreachable. */
  maxRetryMs?: number;
  /** A connection on which nothing arrives for this long (not even a heartbeat) is dead. */
  idleTimeoutMs?: number;
}

export interface EventStream {
  /** Ends the stream for good (as aborting `signal` does). */
  close(): void;
  /** The id a reconnect resumes after ('' when none). */
  readonly lastEventId: string;
}

export const EVENT_STREAM_RETRY_MS = 2_000;
export const EVENT_STREAM_MAX_RETRY_MS = 30_000;
/** The server sends a heartbeat every 15 s; three missed ones mean the connection is gone. */
export const EVENT_STREAM_IDLE_TIMEOUT_MS = 45_000;

/** Client errors that a retry cannot fix; anything else (5xx, 408, 429, network) is tried again. */
const FINAL_STATUSES = new Set([400, 403, 404, 405, 410, 422]);

class StreamEnded extends Error {
  override readonly name = 'StreamEnded';
}

/** A failure after which the stream stops trying. */
class FinalFailure extends Error {
  constructor(readonly error: unknown) {
    super('The event stream cannot go on');
  }
}

/**
 * Opens `path` (as the spec writes it, e.g. `shows/12/seats/events/`) as an event stream that
 * stays open until `close()` or `signal` ends it. A 401 refreshes the access token once and
 * reconnects at once; when the refresh token is refused (or a fresh token is too) the session
 * ends, as it does for any call, and so does the stream.
 */
export function openEventStream(path: string, options: EventStreamOptions): EventStream {
  const {
    onEvent,
    onOpen,
    onError,
    signal,
    query,
    lastEventIdParam,
    maxRetryMs = EVENT_STREAM_MAX_RETRY_MS,
    idleTimeoutMs = EVENT_STREAM_IDLE_TIMEOUT_MS,
  } = options;
  let lastEventId = options.lastEventId ?? '';
  let retryMs = options.retryMs ?? EVENT_STREAM_RETRY_MS;
  let closed = false;
  let attempt: AbortController | null = null;
  let wake: (() => void) | null = null;

  function close() {
    if (closed) return;
    closed = true;
    attempt?.abort();
    wake?.();
  }
  if (signal?.aborted) closed = true;
  signal?.addEventListener('abort', close, { once: true });

  /** Waits `ms`, or less when the stream is closed meanwhile. */
  function pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });
  }

  async function connect(controller: AbortController): Promise<Response> {
    const headers = new Headers({ Accept: 'text/event-stream' });
    const fullQuery: QueryParams = { ...query };
    if (lastEventId !== '') {
      if (lastEventIdParam === undefined) headers.set('Last-Event-ID', lastEventId);
      else fullQuery[lastEventIdParam] = lastEventId;
    }
    const request = {
      method: 'GET' as const,
      path,
      query: fullQuery,
      headers,
      signal: controller.signal,
      // An open stream is not what the page waits for: it yields to the page's own requests,
      // and tools that wait for the critical requests to finish (Lighthouse) do not wait on it.
      priority: 'low' as const,
    };
    const token = await accessTokenForRequest();
    let response = await send(request, token);
    if (response.status === 401 && token !== null) {
      const retryToken = await accessTokenAfterUnauthorized(token);
      if (retryToken === null) {
        // Logged out meanwhile: the 401 stands. Otherwise the refresh itself failed (network,
        // 5xx) and a later try may get through.
        if (useAuthStore.getState().refresh === null)
          throw new FinalFailure(await failure(response));
        throw await failure(response);
      }
      response = await send(request, retryToken);
      if (response.status === 401) {
        // Even a fresh token is refused: the session is no good any more (as for any call).
        endSession();
        throw new FinalFailure(await failure(response));
      }
    }
    if (response.status === 401 || FINAL_STATUSES.has(response.status)) {
      throw new FinalFailure(await failure(response));
    }
    if (!response.ok) throw await failure(response);
    const type = response.headers.get('Content-Type') ?? '';
    if (!/^text\/event-stream\b/i.test(type) || response.body === null) {
      await response.body?.cancel();
      throw new ApiError({ status: response.status, message: `Not an event stream: ${type}` });
    }
    return response;
  }

  /** Reads one connection until it ends; resolves when the server ended it. */
  async function read(response: Response, controller: AbortController): Promise<void> {
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const parser = new EventStreamParser({
      onEvent: (event) => deliver(onEvent, event),
      onLastEventId: (id) => {
        lastEventId = id;
      },
      onRetry: (ms) => {
        retryMs = ms;
      },
      lastEventId,
    });
    // Aborting a fetch ends its body too; this makes sure of it for any body (and any fetch).
    const stop = () => void reader.cancel().catch(() => {});
    controller.signal.addEventListener('abort', stop, { once: true });
    let idle: ReturnType<typeof setTimeout> | undefined;
    const stillAlive = () => {
      clearTimeout(idle);
      idle = setTimeout(
        () => controller.abort(new StreamEnded('No data for too long')),
        idleTimeoutMs,
      );
    };
    stillAlive();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        stillAlive();
        parser.push(value);
        if (closed) break;
      }
    } finally {
      clearTimeout(idle);
      controller.signal.removeEventListener('abort', stop);
      reader.releaseLock();
    }
    if (controller.signal.aborted) throw controller.signal.reason;
  }

  async function run() {
    // Tries in a row that never got a stream: each doubles the wait, up to maxRetryMs.
    let failures = 0;
    while (!closed) {
      const controller = new AbortController();
      attempt = controller;
      let error: unknown = new StreamEnded('The server ended the stream');
      try {
        const response = await connect(controller);
        if (closed) {
          await response.body?.cancel();
          return;
        }
        failures = 0;
        if (onOpen) deliver(onOpen, undefined);
        await read(response, controller);
      } catch (caught) {
        if (closed) return;
        if (caught instanceof FinalFailure) {
          closed = true;
          onError?.(caught.error, { retryInMs: null });
          return;
        }
        if (caught instanceof ApiError && caught.code === 'session_expired') {
          closed = true;
          onError?.(caught, { retryInMs: null });
          return;
        }
        error = controller.signal.aborted ? controller.signal.reason : caught;
        failures += 1;
      } finally {
        controller.abort();
        attempt = null;
      }
      if (closed) return;
      const backOff = Math.min(maxRetryMs, retryMs * 2 ** Math.max(0, failures - 1));
      // Up to a fifth more, so that viewers dropped together (a restart) do not return together.
      const delay = Math.min(maxRetryMs, Math.round(backOff * (1 + Math.random() / 5)));
      onError?.(error, { retryInMs: delay });
      await pause(delay);
    }
  }

  void run().finally(() => signal?.removeEventListener('abort', close));

  return {
    close,
    get lastEventId() {
      return lastEventId;
    },
  };
}

async function failure(response: Response): Promise<ApiError> {
  try {
    return toApiError(response.status, await readBody(response));
  } catch (error) {
    return error instanceof ApiError ? error : toApiError(response.status, undefined);
  }
}

/** A listener that throws must not end the stream; the error still surfaces as uncaught. */
function deliver<T>(listener: (value: T) => void, value: T) {
  try {
    listener(value);
  } catch (error) {
    setTimeout(() => {
      throw error;
    });
  }
}

interface ParserHandlers {
  onEvent: (event: StreamEvent) => void;
  onRetry: (ms: number) => void;
  /** At every blank line, with or without an event: the id a reconnect resumes after. */
  onLastEventId?: (id: string) => void;
  lastEventId?: string;
}

/**
 * The `text/event-stream` parser of the HTML standard ("Interpreting an event stream"): UTF-8,
 * one optional BOM, lines ended by CRLF, LF or CR (also split across chunks), `:` comments,
 * `field: value` with one leading space dropped, multi-line `data`, `id` without NUL, `retry`
 * in whole milliseconds; a blank line dispatches, and an event without data is not dispatched.
 */
export class EventStreamParser {
  private readonly decoder = new TextDecoder('utf-8');
  private readonly handlers: ParserHandlers;
  private buffer = '';
  private started = false;
  /** The previous chunk ended in CR: an LF starting this one belongs to it. */
  private afterCr = false;
  private data = '';
  private type = '';
  private lastEventId: string;

  constructor(handlers: ParserHandlers) {
    this.handlers = handlers;
    this.lastEventId = handlers.lastEventId ?? '';
  }

  push(chunk: Uint8Array | string): void {
    let text = typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true });
    if (!this.started && text !== '') {
      this.started = true;
      if (text.startsWith('\uFEFF')) text = text.slice(1);
    }
    if (this.afterCr && text.startsWith('\n')) text = text.slice(1);
    this.afterCr = false;
    this.buffer += text;
    let start = 0;
    for (let index = 0; index < this.buffer.length; index++) {
      const char = this.buffer[index];
      if (char !== '\n' && char !== '\r') continue;
      this.line(this.buffer.slice(start, index));
      if (char === '\r') {
        if (index + 1 === this.buffer.length) this.afterCr = true;
        else if (this.buffer[index + 1] === '\n') index++;
      }
      start = index + 1;
    }
    this.buffer = this.buffer.slice(start);
  }

  private line(line: string): void {
    if (line === '') {
      this.dispatch();
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        this.type = value;
        break;
      case 'data':
        this.data += `${value}\n`;
        break;
      case 'id':
        if (!value.includes('\0')) this.lastEventId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.handlers.onRetry(Number(value));
        break;
      default:
        // Unknown fields are ignored.
        break;
    }
  }

  private dispatch(): void {
    const { data, type } = this;
    this.data = '';
    this.type = '';
    this.handlers.onLastEventId?.(this.lastEventId);
    if (data === '') return;
    this.handlers.onEvent({
      type: type === '' ? 'message' : type,
      data: data.slice(0, -1),
      lastEventId: this.lastEventId,
    });
  }
}
