// The API describes itself (docs/decisions/0013-openapi-from-the-validators.md): hono-openapi reads
// the zod schemas of every `validate()` on a route (path, query, body) and the `describe()` each
// operation file adds (summary, its answers and their zod schemas, the error codes it can send).
// app.ts serves the result at /api/openapi.json (OpenAPI 3.1) and a reference page at /api/docs.
import type { Hono, MiddlewareHandler, ValidationTargets } from 'hono';
import { describeRoute, generateSpecs, resolver, uniqueSymbol } from 'hono-openapi';
import { z } from 'zod';
import {
  ERROR_CODES,
  type ErrorCode,
  type ErrorStatus,
} from '../../../packages/contract/src/index.js';

/** Every error body, as http/errors.ts builds it. */
export const ErrorSchema = z
  .object({
    detail: z.string().meta({ description: 'What went wrong, for people.' }),
    code: z.string().meta({ description: 'What went wrong, for programs.' }),
    error: z.string().meta({ description: 'The same as detail (the spec’s client reads it).' }),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .meta({ description: 'Validation errors: field name -> message.' }),
  })
  .catchall(z.unknown())
  .meta({ id: 'Error' });

/** The description of an error answer by its status, unless the operation gives its own. */
const ERRORS: Record<ErrorStatus, string> = {
  400: 'Invalid input: `fields` names each field and its message.',
  401: 'No, an invalid or an expired access token, or wrong credentials.',
  403: 'The caller may not do this.',
  404: 'Not found.',
  405: 'Method not allowed.',
  409: 'Conflicts with the current state.',
  410: 'Gone: it expired.',
  413: 'The request body is too large.',
  415: 'Unsupported media type.',
  429: 'Too many requests; `Retry-After` says when to try again.',
  500: 'An unexpected error.',
  503: 'Unavailable for a moment; `Retry-After` says when to try again.',
};

/** What an operation may answer with: codes of the contract, or [code, description of its status]. */
export type ErrorSpec = ErrorCode | [ErrorCode, string];

/**
 * The error answers of every operation, whatever it declares: the database away, an instance
 * starting or draining (http/starting.ts, http/drain.ts).
 */
const COMMON: ErrorCode[] = ['database_unavailable', 'starting', 'shutting_down'];
/**
 * Of every operation that needs a token (http/auth.ts); permission_denied too, for a deploy key
 * presented outside the release routes.
 */
const AUTHENTICATED: ErrorCode[] = ['not_authenticated', 'token_not_valid', 'permission_denied'];

/**
 * The JSON of an error answer whose `code` is one of `codes`: the Error schema, its code
 * narrowed to them (so generated clients type `code` per operation), each code's meaning said.
 */
export function errorContent(codes: readonly ErrorCode[]) {
  const sorted = [...new Set(codes)].sort();
  const meanings = sorted.map((code) => `\`${code}\`: ${ERROR_CODES[code].meaning}`).join(' ');
  return {
    'application/json': {
      schema: {
        allOf: [
          { $ref: '#/components/schemas/Error' },
          {
            type: 'object',
            properties: { code: { type: 'string', enum: sorted, description: meanings } },
          },
        ],
      },
    },
  };
}

/** The codes errorContent() lists (none for any other content). */
export function codesOf(content: unknown): ErrorCode[] {
  const schema = (content as { 'application/json'?: { schema?: { allOf?: unknown[] } } })?.[
    'application/json'
  ]?.schema;
  const narrowed = schema?.allOf?.[1] as { properties?: { code?: { enum?: ErrorCode[] } } };
  return narrowed?.properties?.code?.enum ?? [];
}

/** Adds `codes` to the error answers of `responses` (by their statuses), each answer once. */
export function addErrors(
  responses: Record<string, { description: string; content?: unknown }>,
  codes: readonly ErrorSpec[],
) {
  for (const spec of codes) {
    const [code, description] = Array.isArray(spec) ? spec : [spec, undefined];
    const status = ERROR_CODES[code]?.status;
    if (!status)
      throw new Error(`describe(): ${code} is no code of packages/contract/src/errors.js`);
    const known = responses[status];
    responses[status] = {
      description: description ?? known?.description ?? ERRORS[status],
      content: errorContent([...codesOf(known?.content), code]),
    };
  }
}

/** A timestamp as JSON carries it (Date.toJSON: ISO 8601, UTC). */
export const Timestamp = z.iso.datetime();

/**
 * A list as http/pagination.ts answers it: the plain array, or with `?page=` the page envelope.
 */
export const listOf = (item: z.ZodType) =>
  z.union([
    z.array(item),
    z.object({
      results: z.array(item),
      count: z.number().int().meta({
        description: 'Rows matching, across pages: exact when count_exact, else at least this many',
      }),
      count_exact: z.boolean().meta({
        description: 'false: counting stopped at 1,000 (or just past the page asked for)',
      }),
      page: z.number().int(),
      page_size: z.number().int(),
    }),
  ]);

/** `{message}`: the answers that only confirm. */
export const MessageSchema = z.object({ message: z.string() });

/** The JSON content of a response or body with this zod schema. */
export const json = (schema: z.ZodType) => ({
  'application/json': { schema: resolver(schema) },
});

/** A success answer: its description and the zod schema of its body. */
export const answer = (description: string, schema: z.ZodType) => ({
  description,
  content: json(schema),
  [ANSWER_SCHEMA]: schema,
});

/**
 * A Server-Sent Events answer (`text/event-stream`): `schema` is the JSON of the `data:` lines
 * of its main event; the description says what else the stream sends.
 */
export const eventStream = (description: string, schema: z.ZodType) => ({
  description,
  content: { 'text/event-stream': { schema: resolver(schema) } },
});

/** The requirement of components.securitySchemes.bearer (DOCUMENTATION below). */
const BEARER = { bearer: [] };

type Answers = Record<number, ReturnType<typeof answer> | { description: string }>;

/** The zod schema of a success answer, kept beside it for the tests (testing/declared.ts). */
export const ANSWER_SCHEMA = Symbol('answer schema');

/**
 * The OpenAPI description of one operation, as a middleware for `factory.createHandlers`:
 * `describe({ summary, tags, answers: { 200: answer('The show', ShowSchema) },
 *   errors: ['validation_error', ['show_not_found', 'No such show.']] })`.
 * `errors` names every code the operation itself may send (packages/contract/src/errors.js); each
 * status among them gets the Error schema with `code` narrowed to them and, unless given, a
 * default description. The codes every operation may send are added here (COMMON, and
 * AUTHENTICATED when it needs a token) and by openApiDocument() (a body too large, a malformed
 * one, invalid parameters). The test app fails any error answer whose code is not listed
 * (testing/declared.ts), so the list stays true.
 */
export function describe(spec: {
  summary: string;
  description?: string;
  tags: string[];
  /**
   * true: needs `Authorization: Bearer <access token>`; 'optional': takes one when sent (logout);
   * none: public. The document says so on every operation (`security`), so generated clients
   * send the token exactly where it counts.
   */
  auth?: boolean | 'optional';
  /** A body validate() does not read (an image, say), by media type. */
  body?: { description: string; content: Record<string, { schema: Record<string, unknown> }> };
  answers: Answers;
  errors?: ErrorSpec[];
}): MiddlewareHandler {
  const responses: Record<string, { description: string; content?: unknown }> = {};
  for (const [status, value] of Object.entries(spec.answers)) responses[status] = value;
  addErrors(responses, [
    ...(spec.errors ?? []),
    ...(spec.auth === true ? AUTHENTICATED : []),
    ...COMMON,
  ]);
  const middleware = describeRoute({
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    tags: spec.tags,
    // A list of alternatives: `{}` among them is "no credentials", `[]` alone "none needed".
    security: spec.auth === 'optional' ? [{}, BEARER] : spec.auth ? [BEARER] : [],
    ...(spec.body ? { requestBody: { required: true, ...spec.body } } : {}),
    responses: responses as never,
  });
  return Object.assign(middleware, { [DESCRIBED]: spec.answers });
}

/** On describe()'s middleware: its success answers, for the test app (testing/declared.ts). */
export const DESCRIBED = Symbol('described answers');

/**
 * Marks a validator middleware with its target and zod schema, the way hono-openapi's own
 * validator does, so the document lists the parameters and bodies that `validate()` checks while
 * validate() itself (its JSON errors, the NUL safety net) stays as it is.
 */
export function documented<M extends MiddlewareHandler>(
  middleware: M,
  target: keyof ValidationTargets,
  schema: z.ZodType,
): M {
  return Object.assign(middleware, { [uniqueSymbol]: { target, ...resolver(schema) } });
}

/** The Error schema as JSON Schema (zod writes a schema with an id as a $ref to its $defs). */
function errorJsonSchema() {
  const json = z.toJSONSchema(ErrorSchema) as { $defs?: Record<string, object> };
  const { $schema: _, id: __, ...schema } = (json.$defs?.Error ?? json) as Record<string, unknown>;
  return schema;
}

export const DOCUMENTATION = {
  openapi: '3.1.0',
  info: {
    title: 'CineBook API',
    version: '0.1.0',
    description:
      'Movie-ticket booking: accounts, theaters, movies, shows, seat holds and bookings, reports and the release registry of the micro-frontends. Every error is JSON `{detail, code, error, fields?}`; paths take an optional trailing slash.',
    // No licence is granted (the repository has no LICENSE file): say so rather than leave it
    // unsaid. LicenseRef- is SPDX's form for a licence that is not on its list.
    license: { name: 'Proprietary: all rights reserved', identifier: 'LicenseRef-Proprietary' },
  },
  // The API is served under /api on the site's own origin (the apps call it there; paths below
  // include /api). Relative, so it resolves against wherever this document was fetched from.
  servers: [{ url: '/', description: 'The origin that serves this document' }],
  components: {
    // The Error answers narrow this schema's `code` per operation (errorContent above).
    schemas: { Error: errorJsonSchema() },
    securitySchemes: {
      bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
    },
  },
} as const;

/** The OpenAPI 3.1 document of the app (what /api/openapi.json serves). */
// biome-ignore lint/suspicious/noExplicitAny: any app, whatever its environment
export async function openApiDocument(app: Hono<any, any, any>): Promise<Record<string, unknown>> {
  const doc = (await generateSpecs(app as never, {
    documentation: DOCUMENTATION as never,
    exclude: ['/api/openapi.json', '/api/docs'],
    defaultValidationErrorResponse: false,
  })) as unknown as { paths: Record<string, Record<string, Operation>> };
  for (const [method, op] of Object.values(doc.paths).flatMap((ops) => Object.entries(ops))) {
    addErrors(op.responses, implied(method, op));
  }
  return doc as unknown as Record<string, unknown>;
}

type Operation = {
  parameters?: unknown[];
  requestBody?: { content?: Record<string, unknown> };
  responses: Record<string, { description: string; content?: unknown }>;
};

/**
 * The codes an operation may send for what its description says of it: invalid parameters or
 * body (validate()), a body that is not JSON (Hono's validator), one too large (app.ts bodyLimit
 * on every request that carries one).
 */
function implied(method: string, op: Operation): ErrorCode[] {
  const codes: ErrorCode[] = [];
  if (op.parameters?.length || op.requestBody) codes.push('validation_error');
  if (op.requestBody?.content?.['application/json']) codes.push('bad_request');
  if (method !== 'get' && method !== 'head') codes.push('payload_too_large');
  return codes;
}
