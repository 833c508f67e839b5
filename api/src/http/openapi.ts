// The API describes itself (docs/decisions/0013-openapi-from-the-validators.md): hono-openapi reads
// the zod schemas of every `validate()` on a route (path, query, body) and the `describe()` each
// operation file adds (summary, its answers and their zod schemas, the error codes it can send).
// app.ts serves the result at /api/openapi.json (OpenAPI 3.1) and a reference page at /api/docs.
import type { Hono, MiddlewareHandler, ValidationTargets } from 'hono';
import { describeRoute, generateSpecs, resolver, uniqueSymbol } from 'hono-openapi';
import { z } from 'zod';

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

const ERRORS = {
  400: 'Invalid input: `fields` names each field and its message.',
  401: 'No, an invalid or an expired access token (`not_authenticated`, `token_not_valid`).',
  403: 'The caller’s role may not do this (`permission_denied`).',
  404: 'Not found.',
  409: 'Conflicts with the current state.',
  410: 'Gone: it expired.',
  413: 'The request body is too large.',
  429: 'Too many requests; `Retry-After` says when to try again.',
  502: 'An upstream service (email) failed.',
  503: 'The database does not answer.',
} as const;
export type ErrorStatus = keyof typeof ERRORS;

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

/**
 * The OpenAPI description of one operation, as a middleware for `factory.createHandlers`:
 * `describe({ summary, tags, answers: { 200: answer('The show', ShowSchema) }, errors: [401, 404] })`.
 * Each error status gets the Error schema and, unless given, a default description.
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
  answers: Answers;
  errors?: (ErrorStatus | [ErrorStatus, string])[];
}): MiddlewareHandler {
  const responses: Record<string, unknown> = {};
  for (const [status, value] of Object.entries(spec.answers)) responses[status] = value;
  for (const error of spec.errors ?? []) {
    const [status, description] = Array.isArray(error) ? error : [error, ERRORS[error]];
    responses[String(status)] = { description, content: json(ErrorSchema) };
  }
  return describeRoute({
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    tags: spec.tags,
    // A list of alternatives: `{}` among them is "no credentials", `[]` alone "none needed".
    security: spec.auth === 'optional' ? [{}, BEARER] : spec.auth ? [BEARER] : [],
    responses: responses as never,
  });
}

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
    securitySchemes: {
      bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
    },
  },
} as const;

/** The OpenAPI 3.1 document of the app (what /api/openapi.json serves). */
// biome-ignore lint/suspicious/noExplicitAny: any app, whatever its environment
export async function openApiDocument(app: Hono<any, any, any>): Promise<Record<string, unknown>> {
  return (await generateSpecs(app as never, {
    documentation: DOCUMENTATION as never,
    exclude: ['/api/openapi.json', '/api/docs'],
    defaultValidationErrorResponse: false,
  })) as Record<string, unknown>;
}
