// The values of the API fuzz suite (src/fuzz.test.ts, testing/fuzz.ts): for each kind of field,
// what a form would send, what no schema accepts, and odd values in between.
import fc from 'fast-check';

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
export const INVALID_BY_KIND: Partial<Record<Kind, unknown[]>> = {
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
export function plausibleField(name: string, kind: Kind, f: Fixtures): unknown {
  if (/^theater(_id)?$/.test(name)) return f.theater;
  if (/^movie(_id)?$/.test(name)) return f.movie;
  if (name === 'end_time') return '21:00';
  if (name === 'duration_minutes') return 120;
  return plausible(kind, f);
}
