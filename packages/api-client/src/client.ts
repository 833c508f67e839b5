import type { QueryParams } from './config';
import { toApiError } from './errors';
import { type HttpMethod, readBody, send } from './http';
import { accessTokenAfterUnauthorized, accessTokenForRequest, endSession } from './tokenRefresh';

export interface ApiRequestOptions {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  /** Appended to the path, skipping null and undefined: `{ theater: 3 }` -> `?theater=3`. */
  query?: QueryParams;
  headers?: HeadersInit;
  signal?: AbortSignal;
  /** Send the access token and refresh it as needed. Public calls (login, signup, OTP) pass false. */
  auth?: boolean;
}

/**
 * Calls the API. Resolves with the parsed JSON body (undefined when empty); rejects with an
 * ApiError for any non-2xx answer or network failure, or with the AbortError of a cancelled call.
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

  const body = await readBody(response);
  if (!response.ok) throw toApiError(response.status, body);
  return body as T;
}

type OptionsWithoutMethod = Omit<ApiRequestOptions, 'method' | 'body'>;

/** Shorthands for apiFetch: `api.get<Theater[]>('theaters/')`, `api.post('bookings/', payload)`. */
export const api = {
  get: <T = unknown>(path: string, options?: OptionsWithoutMethod) =>
    apiFetch<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: OptionsWithoutMethod) =>
    apiFetch<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: OptionsWithoutMethod) =>
    apiFetch<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: OptionsWithoutMethod) =>
    apiFetch<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = unknown>(path: string, options?: OptionsWithoutMethod) =>
    apiFetch<T>(path, { ...options, method: 'DELETE' }),
};
