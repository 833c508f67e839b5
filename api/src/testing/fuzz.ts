// Generators for the API fuzz suite (src/fuzz.test.ts): malformed requests for every route of the
// app, built with fast-check. Which fields and parameters each route takes, and their kinds, come
// from the API's OpenAPI document (testing/fuzz-routes.ts); the values of each kind from
// testing/fuzz-values.ts.
//
// The requests are malformed on purpose, and so that none of them may succeed in writing:
// - a route with a JSON body always gets at least one field that no schema accepts: a string with
//   NUL or half a surrogate pair (every text field refuses it, and so does every id, number,
//   boolean or enum), or a value invalid for any field of its kind (INVALID_BY_KIND), while the
//   other fields are often what a form would send, so that requests get past the other checks;
// - a route that writes without a body (DELETE holds/{id}, cancel, promote ...) only ever gets ids
//   that are malformed or do not exist.
import fc from 'fast-check';
import type { Db } from '../db/db.ts';
import {
  type Fixtures,
  INVALID_BY_KIND,
  invalid,
  type Kind,
  malformed,
  plausibleField,
  poison,
} from './fuzz-values.ts';

export { type RouteSpec, routeSpecs, UNDOCUMENTED } from './fuzz-routes.ts';
export type { Fixtures, Kind } from './fuzz-values.ts';
export { invalid, malformed, plausible, poison } from './fuzz-values.ts';

/** A field's value: plausible, malformed, or left out. */
const fieldValue = (name: string, kind: Kind, f: Fixtures) =>
  fc.oneof(
    { weight: 2, arbitrary: fc.constant(plausibleField(name, kind, f)) },
    { weight: 3, arbitrary: malformed(kind) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );

/**
 * A JSON object for `fields` that no route may accept, one of three ways:
 * - every field as a form would send it but one, poisoned (NUL or half a surrogate pair): the
 *   request gets as deep as the other fields allow, so text that only SQL would refuse shows up;
 * - every field plausible but one, invalid for its kind (a year-0 date, an id 0, an unknown role);
 * - each field plausible, malformed or left out, at least one poisoned, unknown keys beside.
 */
export function invalidBody(fields: Record<string, Kind>, f: Fixtures): fc.Arbitrary<string> {
  const names = Object.keys(fields);
  const form = Object.fromEntries(
    names.map((name) => [name, plausibleField(name, fields[name] as Kind, f)]),
  );
  const onePoisoned = fc
    .tuple(fc.constantFrom(...names), poison)
    .map(([name, bad]) => ({ ...form, [name]: bad }));
  const invalidable = names.filter((name) => INVALID_BY_KIND[fields[name] as Kind]);
  const oneInvalid = invalidable.length
    ? fc
        .constantFrom(...invalidable)
        .chain((name) => invalid(fields[name] as Kind).map((bad) => ({ ...form, [name]: bad })))
    : onePoisoned;
  const mixed = fc
    .tuple(
      fc.record(
        Object.fromEntries(names.map((name) => [name, fieldValue(name, fields[name] as Kind, f)])),
      ),
      fc.subarray(names, { minLength: 1 }),
      poison,
      fc.option(
        fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
      ),
    )
    .map(([values, poisoned, bad, extra]) => {
      const body: Record<string, unknown> = { ...(extra ?? {}) };
      for (const [name, value] of Object.entries(values)) {
        if (value !== undefined) body[name] = value;
      }
      for (const name of poisoned) body[name] = bad;
      return body;
    });
  return fc.oneof(onePoisoned, oneInvalid, mixed).map((body) => JSON.stringify(body));
}

/** Whether a raw body parses as a JSON object. */
export function isJsonObject(body: string | Uint8Array<ArrayBuffer>): boolean {
  try {
    const value = JSON.parse(typeof body === 'string' ? body : new TextDecoder().decode(body));
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** Raw bodies that are not a JSON object at all, or not JSON. */
export const rawBody: fc.Arbitrary<string | Uint8Array<ArrayBuffer>> = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '[',
    '}',
    'null',
    'true',
    '"text"',
    '1e999',
    '-',
    '{"a":1,}',
    "{'a':1}",
    '\u0000',
    '{"a":"\\u0000"}',
    '{"a":"\\ud800"}',
    `${'['.repeat(5000)}${']'.repeat(5000)}`,
    `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
    '['.repeat(20000),
    `[${'1,'.repeat(20000)}1]`,
  ),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => new Uint8Array(bytes)),
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
);

// ---- paths and queries -------------------------------------------------------------------------

const malformedSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1e99',
    '1.5',
    '%00',
    '1%00',
    '%ff',
    '%ED%A0%80',
    '%',
    '%zz',
    '%20',
    'abc',
    '0x10',
    '+1',
    '99999999999999999999',
    String(2 ** 53 + 1),
    '9007199254740993',
    '%D9%A1',
    encodeURIComponent('🎬'),
    '..',
    '%2e%2e',
    '%2F',
    'a'.repeat(3000),
  ),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }).map(encodeURIComponentLoose),
);

/** Like encodeURIComponent, but a lone surrogate is sent as the bytes a careless client sends. */
function encodeURIComponentLoose(text: string): string {
  return Array.from(text)
    .map((ch) => {
      try {
        return encodeURIComponent(ch);
      } catch {
        return '%ED%A0%80';
      }
    })
    .join('');
}

/** A path parameter: malformed, a well-formed id that does not exist, or (`real`) a real one. */
export function pathParam(name: string, f: Fixtures, real: boolean): fc.Arbitrary<string> {
  const unknown =
    name === 'remote'
      ? fc.constantFrom('billing', 'USER', 'user%00', 'auth%2F', 'user.json')
      : fc.integer({ min: 100_000, max: Number.MAX_SAFE_INTEGER }).map(String);
  const reals =
    name === 'remote'
      ? ['user', 'auth', 'owner', 'admin']
      : [f.theater, f.movie, f.show, f.seat, f.hold, f.booking].map(String);
  return real
    ? fc.oneof(malformedSegment, unknown, fc.constantFrom(...reals))
    : fc.oneof(malformedSegment, unknown);
}

const asQueryValue = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

/**
 * A query string (with its '?') from the route's parameters: all of them plausible but one
 * poisoned or invalid for its kind, or any mix of plausible and malformed ones; junk beside.
 */
export function queryString(query: Record<string, Kind>, f: Fixtures): fc.Arbitrary<string> {
  const names = Object.keys(query);
  const junk = fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }));
  const tails = fc.constantFrom('', '&', '&&', '&=', '&%00=%00', '&q', '&q=%');
  const encode = (pairs: (readonly [string, string])[], tail: string) => {
    const parts = pairs.map(
      ([k, v]) => `${encodeURIComponentLoose(k)}=${encodeURIComponentLoose(v)}`,
    );
    return parts.length || tail ? `?${parts.join('&')}${tail}` : '';
  };
  // A route without parameters still gets junk it must ignore or refuse.
  if (names.length === 0) {
    return fc
      .tuple(fc.array(junk, { maxLength: 3 }), tails)
      .map(([extra, tail]) => encode(extra, tail));
  }
  const form: [string, string][] = names.map((name) => [
    name,
    String(plausibleField(name, query[name] as Kind, f)),
  ]);
  const withOne = (bad: (kind: Kind) => fc.Arbitrary<unknown>) =>
    fc
      .constantFrom(...names)
      .chain((name) =>
        bad(query[name] as Kind).map((v) =>
          form.map(([k, plain]): [string, string] => [k, k === name ? asQueryValue(v) : plain]),
        ),
      );
  const mixed = fc.array(
    fc
      .constantFrom(...names)
      .chain((name) =>
        fc
          .oneof(
            fc.constant(String(plausibleField(name, query[name] as Kind, f))),
            malformed(query[name] as Kind).map(asQueryValue),
          )
          .map((v): [string, string] => [name, v]),
      ),
    { maxLength: 4 },
  );
  return fc
    .tuple(
      fc.oneof(
        withOne(() => poison),
        withOne(invalid),
        mixed,
      ),
      fc.array(junk, { maxLength: 2 }),
      tails,
    )
    .map(([pairs, extra, tail]) => encode([...pairs, ...extra], tail));
}

export const idempotencyKey: fc.Arbitrary<string | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.uuid(),
  // Header values are bytes: Latin-1 at most, never NUL, CR or LF.
  fc.constantFrom('', ' ', 'k'.repeat(201), 'abc\u0001', '\u007f', 'k\u0085', 'cl\u00e9', '\u00ff'),
  fc.string({ unit: 'binary-ascii', maxLength: 20 }).filter((s) => !/[\0\r\n]/.test(s)),
);

export const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      undefined,
      'text/plain',
      'application/json; charset=latin1',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/merge-patch+json',
    ),
  },
);

/** Authorization headers that name nobody: for the anonymous caller. */
export const anonymousAuthorization: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'Bearer',
      'Bearer ',
      'Bearer a.b.c',
      'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
      'Basic YWRtaW46YWRtaW4=',
      `Bearer ${'x'.repeat(5000)}`,
      'bearer  x',
    ),
  },
);

/** Random paths under /api/ that no route serves. */
export const strayPath: fc.Arbitrary<string> = fc
  .array(malformedSegment, { minLength: 1, maxLength: 4 })
  .map((segments) => `/api/${segments.join('/')}`);

// ---- what the database holds -------------------------------------------------------------------

/**
 * A digest of every row of every table but `except`, per table: equal digests before and after
 * the fuzzing mean nothing was written. The table names come from the catalogue, so a table added
 * later is covered without a change here.
 */
export async function tableDigests(db: Db, except: string[]): Promise<Record<string, string>> {
  const tables = await db.query<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
       AND NOT (table_name = ANY (${except}::text[]))
     ORDER BY table_name`;
  if (tables.length === 0) return {};
  // Names from the catalogue, quoted as identifiers: Db only takes values as parameters, so the
  // statement text is built here (test code, no input from outside).
  const parts = tables.map(({ name }) => {
    const ident = `"${name.replaceAll('"', '""')}"`;
    const literal = `'${name.replaceAll("'", "''")}'`;
    return `SELECT ${literal} AS name, count(*) AS rows,
                   md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest
              FROM ${ident} t`;
  });
  const text = parts.join(' UNION ALL ');
  const strings = Object.assign([text], { raw: [text] }) as unknown as TemplateStringsArray;
  const rows = await db.query<{ name: string; rows: number; digest: string }>(strings);
  return Object.fromEntries(rows.map((r) => [r.name, `${r.rows} rows, ${r.digest}`]));
}
