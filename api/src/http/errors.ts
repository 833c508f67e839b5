// Every error the API sends is JSON: { detail, code, fields?, error, ...extra }.
// `error` repeats `detail` because parts of the spec's client read `error`.
// Handlers throw with these helpers; app.ts's one onError turns them into responses.
import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { CodeOf, ErrorCode } from '../../../packages/contract/src/index.js';
import { documented } from './openapi.ts';
import { labelOfField, notAllowedMessage, unstorableStrings } from './validators.ts';

export type { CodeOf, ErrorCode } from '../../../packages/contract/src/index.js';
export type Fields = Record<string, string>;
/**
 * Extra JSON members for the body; `code` overrides the default machine code, one the contract
 * lists with the helper's status (packages/contract/src/errors.js): `conflict(d, {code:
 * 'hold_expired'})` does not compile, hold_expired being a 410.
 */
export type Extra<C extends ErrorCode = ErrorCode> = { code?: C } & Record<string, unknown>;

export interface ErrorBody {
  detail: string;
  code: ErrorCode;
  fields?: Fields;
  error: string;
  [key: string]: unknown;
}

export function errorBody(detail: string, code: ErrorCode, extra: Record<string, unknown> = {}) {
  return { ...extra, detail, code, error: detail } as ErrorBody;
}

/**
 * The answer to any request while the database cannot be reached (app.ts onError: a lost
 * connection, a server restarting or read-only, db/errors.ts isConnectionLoss): 503 with this
 * detail, code `database_unavailable` and `Retry-After: DATABASE_RETRY_AFTER_SECONDS`.
 */
export const DATABASE_UNAVAILABLE =
  'The service is unavailable for a moment (its database cannot be reached). Please try again shortly.';
export const DATABASE_RETRY_AFTER_SECONDS = 2;

export function databaseUnavailable(): ApiError {
  return new ApiError(
    503,
    DATABASE_UNAVAILABLE,
    'database_unavailable',
    {},
    {
      'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
    },
  );
}

/** An HTTPException that carries its JSON body (and optional headers such as Retry-After). */
export class ApiError extends HTTPException {
  readonly body: ErrorBody;
  readonly headers: Record<string, string>;

  constructor(
    status: ContentfulStatusCode,
    detail: string,
    code: ErrorCode,
    extra: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) {
    super(status, { message: detail });
    this.body = errorBody(detail, code, extra);
    this.headers = headers;
  }

  override getResponse(): Response {
    return Response.json(this.body, { status: this.status, headers: this.headers });
  }
}

function fail(status: ContentfulStatusCode, detail: string, code: ErrorCode, extra: Extra = {}) {
  const { code: override, ...rest } = extra;
  return new ApiError(status, detail, override ?? code, rest);
}

export function badRequest(detail: string, fields?: Fields, extra?: Extra<CodeOf<400>>): never {
  throw fail(400, detail, 'bad_request', { ...extra, ...(fields ? { fields } : {}) });
}

export function unauthorized(
  detail = 'Authentication required',
  extra?: Extra<CodeOf<401>>,
): never {
  throw fail(401, detail, 'unauthorized', extra);
}

export function forbidden(
  detail = 'You do not have permission to do this',
  extra?: Extra<CodeOf<403>>,
): never {
  throw fail(403, detail, 'forbidden', extra);
}

export function notFound(detail = 'Not found', extra?: Extra<CodeOf<404>>): never {
  throw fail(404, detail, 'not_found', extra);
}

export function conflict(detail: string, extra?: Extra<CodeOf<409>>): never {
  throw fail(409, detail, 'conflict', extra);
}

export function gone(detail: string, extra?: Extra<CodeOf<410>>): never {
  throw fail(410, detail, 'gone', extra);
}

export function tooManyRequests(
  detail = 'Too many requests, please try again later',
  retryAfterSeconds?: number,
  extra?: Extra<CodeOf<429>>,
): never {
  const { code, ...rest } = extra ?? {};
  const headers: Record<string, string> =
    retryAfterSeconds === undefined ? {} : { 'Retry-After': String(Math.ceil(retryAfterSeconds)) };
  throw new ApiError(429, detail, code ?? 'too_many_requests', rest, headers);
}

/** The 400 for zod issues: `fields` maps each field to its first message; detail is the first. */
export function validationError(issues: readonly z.core.$ZodIssue[]): ApiError {
  const fields: Fields = {};
  for (const issue of issues) {
    const name = issue.path.map(String).join('.');
    if (name && !(name in fields)) fields[name] = issue.message;
  }
  const detail = issues[0]?.message ?? 'Invalid request';
  return new ApiError(400, detail, 'validation_error', { fields });
}

/** The 400 for fields (paths) holding NUL or a lone surrogate, each with its message. */
function unstorableError(paths: string[][]): ApiError {
  const fields: Fields = {};
  for (const path of paths) {
    fields[path.join('.')] ??= notAllowedMessage(labelOfField(path.at(-1) ?? ''));
  }
  const detail = Object.values(fields)[0] ?? 'Invalid request';
  return new ApiError(400, detail, 'validation_error', { fields });
}

/**
 * `validate('json', schema)`: @hono/zod-validator with failures thrown as validationError, so the
 * 400 body has the shape above. Read the parsed value with `c.req.valid('json')`. The schema is
 * also what /api/openapi.json documents for that part of the request.
 */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) {
  const middleware = zValidator(target, schema, (result) => {
    if (!result.success) throw validationError(result.error.issues);
    // Whatever a schema let through, no text PostgreSQL cannot store goes further (no 500).
    const unstorable = unstorableStrings(result.data);
    if (unstorable.length > 0) throw unstorableError(unstorable);
  });
  return documented(middleware, target, schema);
}
