// Generators for the API fuzz suite (src/fuzz.test.ts): malformed requests for every route of the
// app, built with fast-check. Each route the app serves needs an entry in ROUTES below naming its
// body fields and query parameters and their kinds; the suite fails for a route without one.
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

/** What a body field or query parameter holds; decides its plausible and its malformed values. */
export type Kind =
  | 'text'
  | 'email'
  | 'password'
  | 'code'
  | 'token'
  | 'id'
  | 'ids'
  | 'count'
  | 'bool'
  | 'date'
  | 'time'
  | 'percent'
  | 'version'
  | 'remote'
  | 'url'
  | 'outcome'
  | 'role'
  | 'record'
  | 'row'
  | 'column'
  | 'page'
  | 'steps'
  | 'samples';

export interface RouteSpec {
  /** The JSON body's fields (absent: the route reads no body). */
  body?: Record<string, Kind>;
  query?: Record<string, Kind>;
  /**
   * Every body field may be left out: a JSON object without them is a valid request (logout then
   * ends the bearer token's session), so the raw bodies sent are never a JSON object.
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

const PAGED: Record<string, Kind> = { page: 'page', page_size: 'page', q: 'text' };

/** Every route of the app, as `METHOD /api/path/:param` the way Hono lists it. */
export const ROUTES: Record<string, RouteSpec> = {
  'GET /api/health': {},
  'GET /api/openapi.json': {},
  'GET /api/docs': { html: true },
  'GET /api/docs/:file': {},
  'POST /api/email/request': { body: { email: 'email' } },
  'POST /api/email/verify': { body: { email: 'email', code: 'code' } },
  'POST /api/signup': {
    body: {
      username: 'text',
      email: 'email',
      password: 'password',
      role: 'role',
      signup_token: 'token',
    },
  },
  'GET /api/signup': { query: { role: 'role', ...PAGED } },
  'POST /api/login': { body: { email_or_username: 'text', password: 'password' } },
  'POST /api/token/refresh': { body: { refresh: 'token' } },
  'POST /api/logout': { body: { refresh: 'token' }, fieldsOptional: true },
  'GET /api/profile': {},
  'POST /api/otp/request': { body: { email: 'email' } },
  'POST /api/otp/verify': { body: { email: 'email', code: 'code' } },
  'POST /api/password/reset': {
    body: { email: 'email', new_password: 'password', reset_token: 'token' },
  },
  'GET /api/theaters': { query: PAGED },
  'POST /api/theaters': {
    body: { name: 'text', location: 'text', rows: 'count', seats_per_row: 'count' },
  },
  'GET /api/movies': { query: { theater: 'id', ...PAGED } },
  'POST /api/movies': {
    body: {
      title: 'text',
      description: 'text',
      duration_minutes: 'count',
      language: 'text',
      release_date: 'date',
      theater: 'id',
    },
  },
  'GET /api/shows': { query: { movie: 'id', theater: 'id', ...PAGED } },
  'POST /api/shows': {
    body: { movie: 'id', theater: 'id', date: 'date', start_time: 'time', end_time: 'time' },
  },
  'GET /api/shows/:id': {},
  'GET /api/shows/:id/seats': {},
  'GET /api/shows/:id/seats/events': { query: { last_event_id: 'id' }, stream: true },
  'PATCH /api/seats/:id': { body: { is_booked: 'bool' } },
  'GET /api/holds': { query: { show: 'id' } },
  'POST /api/holds': { body: { show_id: 'id', seat_ids: 'ids' } },
  'GET /api/holds/:id': {},
  'DELETE /api/holds/:id': { writesWithoutBody: true },
  'POST /api/holds/:id/confirm': { writesWithoutBody: true, idempotency: true },
  'POST /api/bookings': {
    body: { movie_id: 'id', theater_id: 'id', show_id: 'id', row: 'row', column: 'column' },
    idempotency: true,
  },
  'GET /api/bookings/owner': { query: PAGED },
  'GET /api/bookings/admin': { query: PAGED },
  'PATCH /api/bookings/:id/cancel': { writesWithoutBody: true },
  'GET /api/my-tickets': {},
  'GET /api/my-tickets/:id/calendar.ics': { calendar: true },
  'POST /api/tickets/check-in': { body: { code: 'token', show_id: 'id' } },
  'GET /api/tickets/check-in/shows': {},
  'GET /api/reports': { query: { from: 'date', to: 'date' } },
  'GET /api/releases/manifest': { query: { bucket: 'count' } },
  'POST /api/releases/events': {
    body: {
      remote: 'remote',
      version: 'version',
      outcome: 'outcome',
      ticket: 'token',
      detail: 'text',
    },
  },
  'POST /api/releases/health': {
    body: { remote: 'remote', version: 'version', ticket: 'token', samples: 'samples' },
  },
  'GET /api/releases': {},
  'GET /api/admin/email-queue': {},
  'POST /api/releases': {
    body: {
      remote: 'remote',
      version: 'version',
      entry: 'url',
      shared: 'record',
      make_stable: 'bool',
    },
  },
  'GET /api/releases/:remote/versions': {},
  'POST /api/releases/:remote/canary': { body: { version: 'version', percent: 'percent' } },
  'POST /api/releases/:remote/promote': { writesWithoutBody: true },
  'POST /api/releases/:remote/rollback': { writesWithoutBody: true },
  'POST /api/releases/:remote/rollout': {
    body: { version: 'version', steps: 'steps', every_minutes: 'count' },
  },
  'POST /api/releases/:remote/rollout/pause': { writesWithoutBody: true },
  'POST /api/releases/:remote/rollout/resume': { writesWithoutBody: true },
  'POST /api/releases/:remote/rollout/abort': { writesWithoutBody: true },
  'GET /api/releases/:remote/health': { query: { hours: 'count' } },
  'GET /api/dev/outbox': { query: { email: 'email', limit: 'count' } },
};

/** Real rows of the fuzzed database, so that some requests get past "not found". */
export interface Fixtures {
  theater: number;
  movie: number;
  show: number;
  seat: number;
  hold: number;
  booking: number;
  email: string;
  version: string;
}

// ---- values ------------------------------------------------------------------------------------

/** Text no schema accepts anywhere: NUL, or half of a surrogate pair, somewhere in it. */
export const poison: fc.Arbitrary<string> = fc
  .tuple(
    fc.string({ maxLength: 8 }),
    fc.constantFrom('\u0000', '\ud800', '\udfff', '\udbff', '\u0000\u0000', '🎬'.slice(0, 1)),
    fc.string({ maxLength: 8 }),
  )
  .map(([a, bad, b]) => `${a}${bad}${b}`);

/** Malformed for any field: wrong types, extremes, odd text. */
const anyMalformed: fc.Arbitrary<unknown> = fc.oneof(
  poison,
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    -0,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    '',
    ' ',
    '\t\n',
    '\u200b',
    '\u202eadmin',
    '%00',
    "' OR '1'='1",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '{{7*7}}',
    'null',
    'x'.repeat(5000),
    [],
    [1, 'a', null],
    {},
    { $gt: '' },
    { __proto__: { admin: true } },
    JSON.parse('{"__proto__": {"role": "admin"}}'),
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Values no field of that kind accepts (a date before 1900, an id 0, an unknown role ...). */
const INVALID_BY_KIND: Partial<Record<Kind, unknown[]>> = {
  text: ['', '   '],
  password: [''],
  code: [''],
  token: [''],
  date: [
    '0000-01-01',
    '9999-12-31',
    '-0001-01-01',
    '+275760-09-13',
    '1899-12-31',
    '2101-01-01',
    '2026-02-30',
    '2026-13-01',
    '20260302',
    '2026-03-02T10:00:00Z',
  ],
  time: ['24:00', '23:60', '-1:00', '18:00:60', '1800', '99:99:99'],
  id: [0, -1, 1e99, '1e99', 2 ** 53, '9'.repeat(30), 1.5, 'abc', '0x10', '١'],
  ids: [[], [0], [-1], ['a'], Array.from({ length: 11 }, (_, i) => i + 1), [1, 1], 'x', [[1]]],
  count: [-1, 0, 1e9, '5.5', 5.5, 'ten'],
  page: ['0', '-1', '101', 'abc', '1.5', '9'.repeat(20)],
  email: ['a@b', '@', `${'a'.repeat(250)}@example.com`, 'ａ@example.com', 'a b@example.com'],
  percent: [-1, 101, 2.5, '10', 1e9],
  version: ['', '.', '-1', 'v'.repeat(65), '1.0.0/../x', '1.0.0%00'],
  remote: ['billing', 'USER', '', '..'],
  url: ['javascript:alert(1)', 'ftp://x', 'http://', `https://x/${'a'.repeat(2100)}`, '//x'],
  outcome: ['LOADED', 'crashed', ''],
  role: ['admin', 'ADMIN', 'superuser', ''],
  record: [
    { '': '' },
    { a: 1 },
    { a: { b: 'c' } },
    Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`p${i}`, '1'])),
  ],
  row: ['AA', '0', 27, '', '@'],
  column: [0, 31, '31', 'A', -1],
  bool: ['true', 1, 0, 'yes'],
  steps: [[], [0, 100], [5, 25], [25, 5, 100], [5, 5, 100], '5,100', [5.5, 100], [101], [[100]]],
  samples: [
    [],
    'view',
    [{ kind: 'fcp' }],
    [{ kind: 'lcp' }],
    [{ kind: 'view', value: 1 }],
    [{ kind: 'inp', value: -1 }],
    [{ kind: 'cls', value: 60001 }],
    [{ kind: 'view', route: 'x'.repeat(201) }],
    Array.from({ length: 51 }, () => ({ kind: 'view' })),
  ],
};

/** Odd but possibly acceptable values: only ever sent beside a poisoned field. */
const EDGE_BY_KIND: Partial<Record<Kind, unknown[]>> = {
  id: [' 1 ', '1'],
  count: [27, 31, 59, 60, 600, 601, '5'],
  page: ['1e3', '100'],
  version: ['1.0.0 ', ' 1.0.0'],
  remote: ['user ', 'Owner'],
  text: ['x'.repeat(5001), ' padded ', 'ｆｕｌｌ', '\u200b'],
  date: ['1900-01-01', '2100-12-31', '2024-02-29'],
  time: ['00:00', '23:59', '18:00:59'],
};

/** Dates shaped right that JavaScript parses and PostgreSQL may not (year 0): tried more often. */
const SHAPED_BAD_DATES = ['0000-01-01', '0000-12-31', '1899-12-31', '2101-01-01', '9999-12-31'];

/** A value no field of `kind` accepts (any malformed value for kinds without a list). */
export function invalid(kind: Kind): fc.Arbitrary<unknown> {
  const values = INVALID_BY_KIND[kind];
  if (!values) return malformed(kind);
  const all = fc.constantFrom(...values);
  return kind === 'date' ? fc.oneof(fc.constantFrom(...SHAPED_BAD_DATES), all) : all;
}

export function malformed(kind: Kind): fc.Arbitrary<unknown> {
  const extra = [...(INVALID_BY_KIND[kind] ?? []), ...(EDGE_BY_KIND[kind] ?? [])];
  return extra.length ? fc.oneof(anyMalformed, fc.constantFrom(...extra)) : anyMalformed;
}

/** A value the field would accept, so that other fields' checks are what gets exercised. */
export function plausible(kind: Kind, f: Fixtures): unknown {
  switch (kind) {
    case 'text':
      return 'Jawan';
    case 'email':
      return f.email;
    case 'password':
      return 'Popcorn#Night7';
    case 'code':
      return '123456';
    case 'token':
      return 'a'.repeat(43);
    case 'id':
      return f.show;
    case 'ids':
      return [f.seat];
    case 'count':
      return 5;
    case 'page':
      return '1';
    case 'bool':
      return true;
    case 'date':
      return '2026-03-02';
    case 'time':
      return '18:00';
    case 'percent':
      return 10;
    case 'version':
      return f.version;
    case 'remote':
      return 'user';
    case 'url':
      return 'https://cdn.example.com/mfe-user/9.9.9/remoteEntry.js';
    case 'outcome':
      return 'load_failed';
    case 'role':
      return 'user';
    case 'record':
      return { react: '19.0.0' };
    case 'row':
      return 'A';
    case 'column':
      return 1;
    case 'steps':
      return [5, 25, 50, 100];
    case 'samples':
      return [{ kind: 'view', route: '/user' }];
  }
}

/** What a form would send for this field: real ids for the ids it names, times in order. */
function plausibleField(name: string, kind: Kind, f: Fixtures): unknown {
  if (/^theater(_id)?$/.test(name)) return f.theater;
  if (/^movie(_id)?$/.test(name)) return f.movie;
  if (name === 'end_time') return '21:00';
  if (name === 'duration_minutes') return 120;
  return plausible(kind, f);
}

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
