import { vi } from 'vitest';

export const BASE_URL = 'https://api.test/api';
/** Fixed "now" for every test: 2030-01-01T00:00:00Z. */
export const NOW_MS = Date.UTC(2030, 0, 1);
export const NOW_SECONDS = NOW_MS / 1000;

/** Builds an unsigned JWT; the browser never checks signatures. */
export function makeJwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

export function accessToken(secondsLeft: number, claims: Record<string, unknown> = {}): string {
  return makeJwt({ sub: '1', exp: NOW_SECONDS + secondsLeft, ...claims });
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export interface RecordedCall {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials | undefined;
  priority: RequestPriority | undefined;
}

type Handler = (call: RecordedCall) => Response | Promise<Response>;

/** Replaces global fetch with `handler` and records every call in a readable form. */
export function fakeFetch(handler: Handler) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: RecordedCall = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      // JSON as the value it says; a file as itself.
      body:
        typeof init.body === 'string'
          ? JSON.parse(init.body)
          : init.body instanceof Blob
            ? init.body
            : undefined,
      credentials: init.credentials,
      priority: init.priority,
    };
    calls.push(call);
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    calls,
    callsTo: (path: string) => calls.filter((call) => call.url === `${BASE_URL}/${path}`),
  };
}
