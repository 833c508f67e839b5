// What the API fuzz suite (src/fuzz.test.ts) sends to each route, read from the API's OpenAPI
// document (http/openapi.ts): the JSON body's fields and the query parameters, each with its Kind
// (testing/fuzz-values.ts) from its schema and name. Only what the document cannot say is written
// here by hand (HAND: an Idempotency-Key header, the HTML reference page).
import type { Kind } from './fuzz-values.ts';

export interface RouteSpec {
  /** The JSON body's fields (absent: the route reads no body). */
  body?: Record<string, Kind>;
  query?: Record<string, Kind>;
  /**
   * Every body field may be left out (the document requires none): a JSON object without them
   * may be a valid request (logout then ends the bearer token's session), so the raw bodies
   * sent are never a JSON object.
   */
  fieldsOptional?: boolean;
  /** The route writes on a valid path alone: its path ids are always malformed or unknown. */
  writesWithoutBody?: boolean;
  /** Sends an Idempotency-Key header (valid or not). */
  idempotency?: boolean;
  /** A GET that answers an HTML page (the API reference at /api/docs), not JSON. */
  html?: boolean;
  /** A GET that answers an iCalendar file (text/calendar) when it succeeds. */
  calendar?: boolean;
  /** A GET whose 200 is a Server-Sent Events stream (it never ends); its errors are JSON. */
  stream?: boolean;
}

/** What the document does not say, by route as Hono lists it (`METHOD /api/path/:param`). */
const HAND: Record<string, RouteSpec> = {
  'GET /api/docs': { html: true },
  'POST /api/holds/:id/confirm': { idempotency: true },
  'POST /api/bookings': { idempotency: true },
};

/** The routes the document leaves out (itself and its reference page): no fields. */
export const UNDOCUMENTED = ['GET /api/openapi.json', 'GET /api/docs', 'GET /api/docs/:file'];

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  items?: Schema;
  $ref?: string;
  properties?: Record<string, Schema>;
  required?: string[];
};

/** The Kind of a body field or query parameter, from its name and then its schema. */
export function kindOf(name: string, schema: Schema): Kind {
  const byName: [RegExp, Kind][] = [
    [/^email_or_username$|^q$|^detail$|^location$|^name$/, 'text'],
    [/email/, 'email'],
    [/password/, 'password'],
    [/^code$/, 'code'],
    [/token$|^refresh$|^ticket$/, 'token'],
    [/_ids$/, 'ids'],
    [/_id$|^(movie|theater|show)$/, 'id'],
    [/^page(_size)?$/, 'page'],
    [/^(rows|seats_per_row|bucket|hours|limit)$|_minutes$/, 'count'],
    [/(^|_)date$|^(from|to)$/, 'date'],
    [/_time$/, 'time'],
    [/^(percent|role|remote|version|outcome|row|column|steps|samples)$/, name as Kind],
    [/^entry$/, 'url'],
  ];
  for (const [pattern, kind] of byName) if (pattern.test(name)) return kind;
  const types = [schema.type ?? []].flat();
  if (types.includes('boolean')) return 'bool';
  if (types.includes('object')) return 'record';
  if (types.includes('array')) return 'ids';
  if (types.includes('integer') || types.includes('number')) return 'count';
  return 'text';
}

type Operation = {
  parameters?: { in: string; name: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
};
export type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

/** Every documented route as Hono lists it (`/api/shows/{id}` -> `/api/shows/:id`) -> its spec. */
export function routeSpecs(doc: OpenApiDocument): Record<string, RouteSpec> {
  const resolve = (schema: Schema | undefined): Schema | undefined =>
    schema?.$ref ? resolve(doc.components?.schemas?.[schema.$ref.split('/').at(-1) ?? '']) : schema;
  const specs: Record<string, RouteSpec> = {};
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const route = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
      const spec: RouteSpec = {};
      const query = (op.parameters ?? []).filter((p) => p.in === 'query');
      if (query.length) {
        spec.query = Object.fromEntries(query.map((p) => [p.name, kindOf(p.name, p.schema ?? {})]));
      }
      const body = resolve(op.requestBody?.content?.['application/json']?.schema);
      if (body?.properties) {
        spec.body = Object.fromEntries(
          Object.entries(body.properties).map(([name, schema]) => [name, kindOf(name, schema)]),
        );
        if (!body.required?.length) spec.fieldsOptional = true;
      } else if (method !== 'get') {
        spec.writesWithoutBody = true;
      }
      const types = Object.values(op.responses ?? {}).flatMap((r) => Object.keys(r.content ?? {}));
      if (types.includes('text/event-stream')) spec.stream = true;
      if (types.includes('text/calendar')) spec.calendar = true;
      specs[route] = { ...spec, ...HAND[route] };
    }
  }
  for (const route of UNDOCUMENTED) specs[route] = { ...HAND[route] };
  return specs;
}
