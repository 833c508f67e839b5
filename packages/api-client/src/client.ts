import type { QueryParams } from './config';
import { toApiError } from './errors';
import type { paths } from './generated/openapi';
import { type HttpMethod, readBody, send } from './http';
import { accessTokenAfterUnauthorized, accessTokenForRequest, endSession } from './tokenRefresh';

export interface ApiRequestOptions {
  method?: HttpMethod;
  /** Sent as JSON; a Blob (a File) is sent as it is, with its own type. */
  body?: unknown;
  /** Appended to the path, skipping null and undefined: `{ theater: 3 }` -> `?theater=3`. */
  query?: QueryParams;
  headers?: HeadersInit;
  signal?: AbortSignal;
  /** Send the access token and refresh it as needed. Public calls (login, signup, OTP) pass false. */
  auth?: boolean;
}

/**
 * Calls the API by a path as the spec writes it (`shows/12/seats/`), untyped. The apps use `api`
 * below, which is typed by the API's own description; this is the layer under it.
 * Resolves with the parsed JSON body (undefined when empty); rejects with an ApiError for any
 * non-2xx answer or network failure, or with the AbortError of a cancelled call.
 */
export async function apiFetch<T = unknown>(
  path: string,
  options: ApiRequestOptions = {},
): Promise<T> {
  const { auth = true, method = 'GET', ...rest } = options;
  const request = { ...rest, method, path };

  const token = auth ? await accessTokenForRequest() : null;
  let response = await send(request, token);

  // A 401 to a call that carried a token: refresh once and retry once.
  if (response.status === 401 && token !== null) {
    const retryToken = await accessTokenAfterUnauthorized(token);
    if (retryToken !== null) {
      response = await send(request, retryToken);
      // Even a fresh token is refused: the session is no good any more.
      if (response.status === 401) endSession();
    }
  }

  // The API had no database for a moment (or the balancer no instance): it says when to come
  // back. A call that may run twice is sent again then, for a failover's worth of time at most.
  for (let waited = 0; isUnavailable(response) && isRepeatable(request); ) {
    const delay = retryAfterMs(response);
    if (waited + delay > UNAVAILABLE_RETRY_BUDGET_MS) break;
    await readBody(response).catch(() => undefined);
    await sleep(delay, request.signal);
    waited += delay;
    response = await send(request, auth ? await accessTokenForRequest() : null);
  }

  const body = await readBody(response);
  if (!response.ok) throw toApiError(response.status, body);
  return body as T;
}

/** How long a call keeps answering a 503 with Retry-After by waiting (a failover takes 6-15 s). */
export const UNAVAILABLE_RETRY_BUDGET_MS = 20_000;
/** The longest single wait, whatever Retry-After says. */
const UNAVAILABLE_RETRY_MAX_MS = 5_000;

const isUnavailable = (response: Response) =>
  response.status === 503 && response.headers.has('Retry-After');

/**
 * Safe to send again after a 503 that may have come after the work was done: a read, or a call
 * the API answers the same when repeated (an Idempotency-Key; docs/decisions/0025-email-outbox.md).
 */
function isRepeatable(request: { method: HttpMethod; headers?: HeadersInit | undefined }) {
  return request.method === 'GET' || new Headers(request.headers).has('Idempotency-Key');
}

function retryAfterMs(response: Response): number {
  const seconds = Number(response.headers.get('Retry-After'));
  const ms = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1000;
  return Math.min(ms, UNAVAILABLE_RETRY_MAX_MS);
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

// --- Typed by path ---------------------------------------------------------------------------
// `api.get('/api/shows/{id}/seats', { path: { id: 12 } })` resolves with `Seat[]` because the
// API's OpenAPI document says so (generated/openapi.ts). A path the API does not serve, a missing
// path parameter, an unknown query parameter or a wrong body is a type error, and so is reading a
// field the answer does not have: a change to the API's shapes fails the apps' type check.

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The API's paths that answer `M`, as its OpenAPI document writes them (`/api/shows/{id}`). */
export type ApiPath<M extends Method> = {
  [P in keyof paths]: paths[P][M] extends undefined ? never : P;
}[keyof paths];

type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;

type Json<Entry> = Entry extends { content: { 'application/json': infer Body } } ? Body : undefined;

/** The body of a successful answer (200, 201 or 204: undefined). */
export type SuccessOf<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { responses: infer Responses }
    ? Json<Responses[Extract<keyof Responses, 200 | 201 | 204>]>
    : never;

type Parameters<P extends keyof paths, M extends Method> =
  Operation<P, M> extends {
    parameters: infer Parameters;
  }
    ? Parameters
    : never;

// Parameters are strings on the wire; numbers are written out.
type PathOption<P extends keyof paths, M extends Method> =
  Parameters<P, M> extends { path: infer Names }
    ? { path: { [Name in keyof Names]: string | number } }
    : { path?: never };

type QueryOption<P extends keyof paths, M extends Method> =
  Parameters<P, M> extends { query?: infer Names }
    ? [Names] extends [never | undefined]
      ? { query?: never }
      : { query?: { [Name in keyof NonNullable<Names>]?: string | number | null | undefined } }
    : { query?: never };

type BodyOption<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { requestBody: { content: { 'application/json': infer Body } } }
    ? { body: Body }
    : Operation<P, M> extends { requestBody?: { content: { 'application/json': infer Body } } }
      ? { body?: Body }
      : { body?: never };

export type CallOptions<P extends keyof paths, M extends Method> = Omit<
  ApiRequestOptions,
  'method' | 'body' | 'query'
> &
  PathOption<P, M> &
  QueryOption<P, M> &
  BodyOption<P, M>;

/** `/api/shows/{id}/seats` with `{ id: 12 }` -> `shows/12/seats/`, the spec's form of the path. */
export function specPath(path: string, parameters: Record<string, string | number> = {}): string {
  const filled = path.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = parameters[name];
    if (value === undefined) throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
  return `${filled.replace(/^\/api\//, '')}/`;
}

// Optional options only when nothing in them is required (a path parameter or a body).
type OptionsArgument<P extends keyof paths, M extends Method> =
  Record<string, never> extends CallOptions<P, M>
    ? [options?: CallOptions<P, M>]
    : [options: CallOptions<P, M>];

function call<M extends Method>(method: M) {
  return <P extends ApiPath<M>>(
    path: P,
    ...[options]: OptionsArgument<P, M>
  ): Promise<SuccessOf<P, M>> => {
    const { path: parameters, ...rest } = (options ?? {}) as ApiRequestOptions & {
      path?: Record<string, string | number>;
    };
    return apiFetch<SuccessOf<P, M>>(specPath(path, parameters), {
      ...rest,
      method: method.toUpperCase() as HttpMethod,
    });
  };
}

/** The API, typed by path: `api.get('/api/theaters')`, `api.post('/api/holds', { body })`. */
export const api = {
  get: call('get'),
  post: call('post'),
  put: call('put'),
  patch: call('patch'),
  delete: call('delete'),
};

/** Narrows a list answer to its page form, which the API sends when asked with `page`. */
export function pageOf<List>(body: List): Extract<List, { results: unknown }> {
  if (typeof body !== 'object' || body === null || !('results' in body)) {
    throw new Error('Expected a page of results (the call must pass `page`)');
  }
  return body as Extract<List, { results: unknown }>;
}

/** Narrows a list answer to its plain-array form, which the API sends without `page`. */
export function listOf<List>(body: List): Extract<List, unknown[]> {
  if (!Array.isArray(body)) throw new Error('Expected a list (the call must not pass `page`)');
  return body as Extract<List, unknown[]>;
}
