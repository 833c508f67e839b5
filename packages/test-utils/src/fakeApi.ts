import { vi } from 'vitest';

/** The base URL the tests configure; calls are matched on what follows it. */
export const API_BASE_URL = 'https://api.test/api';

export interface ApiCall {
  method: string;
  /** The path as the contract writes it, with its query, e.g. `shows/?movie=3` or `login/`. */
  path: string;
  body: unknown;
  headers: Headers;
}

export type ApiHandler = (call: ApiCall) => Response | Promise<Response>;
/** 'METHOD path' -> the handler that answers it. */
export type Routes = Record<string, ApiHandler>;

/** A JSON response, or an empty one when `body` is undefined (e.g. 204). */
export function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Replaces global fetch with a fake API: `routes` maps 'METHOD path' to a handler. The real
 * api-client runs on top. An unexpected call answers 500 and names itself, so it shows up.
 */
export function fakeApi(routes: Routes) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    if (!url.startsWith(`${API_BASE_URL}/`)) throw new TypeError(`Unexpected URL ${url}`);
    const call: ApiCall = {
      method: init.method ?? 'GET',
      path: url.slice(API_BASE_URL.length + 1),
      // JSON as the value it says; a file (an upload) as itself.
      body:
        typeof init.body === 'string'
          ? JSON.parse(init.body)
          : init.body instanceof Blob
            ? init.body
            : undefined,
      headers: new Headers(init.headers),
    };
    calls.push(call);
    const handler = routes[`${call.method} ${call.path}`];
    if (!handler) return json(500, { detail: `Unexpected call ${call.method} ${call.path}` });
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** The calls made to 'METHOD path'. */
    callsTo: (route: string) => calls.filter((call) => `${call.method} ${call.path}` === route),
  };
}

/** A promise the test settles itself, to look at a screen while its call is under way. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
