import type { ErrorCode } from '@cinema/contract';

export type { ErrorCode } from '@cinema/contract';

/**
 * The codes the client itself gives a failure: no answer at all, the session over (refresh
 * refused), no refresh token to try. The API's own are the contract's (ErrorCode).
 */
export type ClientErrorCode = 'network_error' | 'session_expired' | 'no_refresh_token';

const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection.';
const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';

export interface ApiErrorInit {
  status: number;
  message: string;
  code?: ErrorCode | ClientErrorCode | null;
  fields?: Record<string, string>;
  body?: unknown;
  isGenericMessage?: boolean;
}

/** Every failed call throws this, whatever the server sent. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  /**
   * The server's `code` (one of the contract's, packages/contract/src/errors.js: a misspelled
   * comparison does not compile), one of ours (ClientErrorCode), or null: none, or one this
   * build does not know (a newer API's; `body` still has it).
   */
  readonly code: ErrorCode | ClientErrorCode | null;
  /** Field name -> first message, for forms. */
  readonly fields: Record<string, string>;
  /** The parsed response body as received. */
  readonly body: unknown;
  /** True when nobody said what went wrong and `message` is our stand-in text. */
  readonly isGenericMessage: boolean;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.status = init.status;
    this.code = init.code ?? null;
    this.fields = init.fields ?? {};
    this.body = init.body;
    this.isGenericMessage = init.isGenericMessage ?? false;
  }
}

/**
 * The text to show for a failed call: what the server (or the network layer) said, else the
 * screen's own fallback from the spec, e.g. 'Login failed. Please check your credentials.'.
 */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && !error.isGenericMessage ? error.message : fallback;
}

export function networkError(cause: unknown): ApiError {
  const error = new ApiError({ status: 0, code: 'network_error', message: NETWORK_ERROR_MESSAGE });
  error.cause = cause;
  return error;
}

export function sessionExpiredError(body?: unknown): ApiError {
  return new ApiError({
    status: 401,
    code: 'session_expired',
    message: SESSION_EXPIRED_MESSAGE,
    body,
  });
}

// Keys that describe the error as a whole rather than one field.
const NON_FIELD_KEYS = new Set([
  'detail',
  'error',
  'message',
  'code',
  'status',
  'status_code',
  'fields',
]);

/**
 * Reads any error body the API or a proxy may send. The message is `detail`, else `error`,
 * else `message`, else the first field error ({field: 'msg'} or DRF's {field: ['msg']}).
 */
export function toApiError(status: number, body: unknown): ApiError {
  const object = isObject(body) ? body : {};
  const fields = readFields(object);
  const serverMessage =
    firstText(object.detail) ??
    firstText(object.error) ??
    firstText(object.message) ??
    Object.values(fields)[0] ??
    (Array.isArray(body) ? firstText(body) : null);
  return new ApiError({
    status,
    message: serverMessage ?? genericMessage(status),
    // Typed, not checked: the contract's registry (with its meanings) stays out of the apps'
    // bundles, and a code a newer API sends is kept as sent for whoever logs it.
    code: typeof object.code === 'string' ? (object.code as ErrorCode) : null,
    fields,
    body,
    isGenericMessage: serverMessage === null,
  });
}

function readFields(body: Record<string, unknown>): Record<string, string> {
  // Our API sends {detail, code, fields}; DRF-like servers put field errors at the top level or under `error`.
  const source = isObject(body.fields) ? body.fields : isObject(body.error) ? body.error : body;
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(source)) {
    if (source === body && NON_FIELD_KEYS.has(name)) continue;
    const text = firstText(value);
    if (text !== null) fields[name] = text;
  }
  return fields;
}

/** The first non-empty string in a value, looking into arrays and objects (DRF nests both). */
function firstText(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (depth > 3) return null;
  const items = Array.isArray(value) ? value : isObject(value) ? Object.values(value) : [];
  for (const item of items) {
    const text = firstText(item, depth + 1);
    if (text !== null) return text;
  }
  return null;
}

function genericMessage(status: number): string {
  if (status === 401) return 'Please log in to continue.';
  if (status === 403) return 'You do not have permission to do that.';
  if (status === 404) return 'Not found.';
  if (status >= 500) return 'The server ran into a problem. Please try again.';
  return 'Something went wrong. Please try again.';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
