import { apiUrl, type QueryParams } from './config';
import { networkError } from './errors';
import { newTraceparent } from './traceparent';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HttpRequest {
  method: HttpMethod;
  path: string;
  query?: QueryParams | undefined;
  /** Sent as JSON; a Blob (a File) is sent as it is, with its own type. */
  body?: unknown;
  headers?: HeadersInit | undefined;
  signal?: AbortSignal | undefined;
  /** The browser's fetch priority; 'auto' (the default) unless a request says otherwise. */
  priority?: RequestPriority | undefined;
}

/** One fetch with the product's conventions. Resolves with any HTTP response; rejects on network failure. */
export async function send(request: HttpRequest, accessToken: string | null): Promise<Response> {
  const headers = new Headers(request.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const hasBody = request.body !== undefined;
  // A file goes as it is, typed as it is (an uploaded image); anything else as JSON.
  const file = request.body instanceof Blob ? request.body : null;
  if (hasBody)
    headers.set(
      'Content-Type',
      file ? file.type || 'application/octet-stream' : 'application/json',
    );
  if (accessToken !== null && !headers.has('Authorization')) {
    headers.set('Authorization', `Bearer ${accessToken}`);
  }
  // Each request its own trace, which the API's spans continue (traceparent.ts).
  if (!headers.has('traceparent')) headers.set('traceparent', newTraceparent());

  try {
    return await fetch(apiUrl(request.path, request.query), {
      method: request.method,
      headers,
      body: file ?? (hasBody ? JSON.stringify(request.body) : undefined),
      signal: request.signal,
      credentials: 'include',
      ...(request.priority ? { priority: request.priority } : {}),
    });
  } catch (error) {
    throw toRequestError(error);
  }
}

/** The body as JSON when it is JSON, as text otherwise, undefined when empty. */
export async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw toRequestError(error);
  }
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

// A cancelled request (TanStack Query aborts unused ones) must stay an AbortError, not an error toast.
function toRequestError(error: unknown): unknown {
  return error instanceof DOMException && error.name === 'AbortError' ? error : networkError(error);
}
