// The whole API under malformed input (property-based, fast-check): every route the app serves,
// as every role, gets at least FUZZ_RUNS generated requests with malformed bodies, path ids and
// query strings (generators in testing/fuzz.ts; each route's fields from the API's own OpenAPI
// document, testing/fuzz-routes.ts). Each must be answered with
// JSON: a 4xx with a `detail` (a GET may also answer 2xx), never a 5xx; and afterwards every
// table holds exactly what it held before (rate-limit counters excepted).
//
// Repeatable: the seed is fixed (FUZZ_SEED to try another; a failure names the seed and the
// fast-check path that reproduce it). FUZZ_RUNS raises the number of requests per route and role.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { App } from './app.ts';
import { createBookingTestApp } from './testing/booking.ts';
import { onPostgresServer } from './testing/db.ts';
import { doorStaffAccount } from './testing/door-staff.ts';
import {
  anonymousAuthorization,
  contentType,
  type Fixtures,
  idempotencyKey,
  invalidBody,
  isJsonObject,
  pathParam,
  queryString,
  type RouteSpec,
  rawBody,
  routeSpecs,
  strayPath,
  tableDigests,
} from './testing/fuzz.ts';

const SEED = Number(Deno.env.get('FUZZ_SEED') ?? 20260309);
const RUNS = Number(Deno.env.get('FUZZ_RUNS') ?? 50);
// Counters that malformed requests may rightly move (a 429 is a fine answer to a flood).
const NOT_CHECKED = ['rate_limit_events'];

/** Each route's fields and kinds, read from the app's OpenAPI document when the test starts. */
let ROUTES: Record<string, RouteSpec> = {};

type Role = 'anonymous' | 'user' | 'owner' | 'admin' | 'door';
const ROLES: Role[] = ['anonymous', 'user', 'owner', 'admin', 'door'];

interface FuzzRequest {
  method: string;
  path: string;
  query: string;
  body: string | Uint8Array<ArrayBuffer> | undefined;
  headers: Record<string, string>;
  /** The route answers HTML (ROUTES' `html`). */
  html?: boolean;
  /** The route answers an iCalendar file (ROUTES' `calendar`). */
  calendar?: boolean;
  /** The route's 200 is an event stream (ROUTES' `stream`). */
  stream?: boolean;
}

/** `METHOD /api/path` of every route the app serves (middleware left out). */
function servedRoutes(app: App): string[] {
  const routes = new Set<string>();
  for (const { method, path } of app.routes) {
    if (method !== 'ALL' && path.startsWith('/api/')) routes.add(`${method} ${path}`);
  }
  return [...routes].sort();
}

/** A stable number per route and role, so each group has its own seed derived from SEED. */
function groupSeed(name: string): number {
  let h = SEED | 0;
  for (let i = 0; i < name.length; i++) h = (Math.imul(h, 31) + name.charCodeAt(i)) | 0;
  return h;
}

function requests(
  route: string,
  auth: fc.Arbitrary<string | undefined>,
  f: Fixtures,
): fc.Arbitrary<FuzzRequest> {
  const [method = 'GET', pattern = '/'] = route.split(' ');
  const spec = ROUTES[route] ?? {};
  const names = [...pattern.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
  const params = fc.tuple(...names.map((name) => pathParam(name, f, !spec.writesWithoutBody)));
  const query = spec.query
    ? queryString(spec.query, f)
    : fc.oneof(fc.constant(''), queryString({}, f));
  const body: fc.Arbitrary<string | Uint8Array<ArrayBuffer> | undefined> =
    method === 'GET'
      ? fc.constant(undefined)
      : spec.body
        ? fc.oneof(
            { weight: 4, arbitrary: invalidBody(spec.body, f) },
            {
              weight: 1,
              arbitrary: spec.fieldsOptional
                ? rawBody.filter((raw) => !isJsonObject(raw))
                : rawBody,
            },
          )
        : fc.option(rawBody, { nil: undefined });
  return fc
    .record({
      params,
      query,
      body,
      type: contentType,
      key: spec.idempotency ? idempotencyKey : fc.constant(undefined),
      auth,
      slash: fc.boolean(),
    })
    .map(({ params, query, body, type, key, auth, slash }) => {
      let i = 0;
      const path = pattern.replace(/:(\w+)/g, () => params[i++] as string);
      const headers: Record<string, string> = {};
      if (body !== undefined && type !== undefined) headers['Content-Type'] = type;
      if (key !== undefined) headers['Idempotency-Key'] = key;
      if (auth !== undefined) headers.Authorization = auth;
      return {
        method,
        path: slash ? `${path}/` : path,
        query,
        body,
        headers,
        html: spec.html,
        calendar: spec.calendar,
        stream: spec.stream,
      };
    });
}

/** Why the answer is wrong, or null: a JSON 4xx with a detail, or for a GET a JSON 2xx. */
async function verdict(res: Response, req: FuzzRequest): Promise<string | null> {
  const type = res.headers.get('content-type') ?? '';
  if (req.stream && req.method === 'GET' && res.status === 200 && type === 'text/event-stream') {
    // A stream never ends: that it opened is a fine answer to a GET. Hang up.
    await res.body?.cancel();
    return null;
  }
  const text = await res.text();
  if (res.status >= 500) return `${res.status}: ${text.slice(0, 300)}`;
  if (req.html && req.method === 'GET' && res.status === 200 && type.startsWith('text/html')) {
    return null;
  }
  if (req.calendar && req.method === 'GET' && res.status === 200) {
    return type.startsWith('text/calendar') && text.startsWith('BEGIN:VCALENDAR\r\n')
      ? null
      : `200 calendar with content-type '${type}'`;
  }
  if (!type.includes('application/json')) return `${res.status} with content-type '${type}'`;
  let body: { detail?: unknown };
  try {
    body = JSON.parse(text);
  } catch {
    return `${res.status} with a body that is not JSON: ${text.slice(0, 200)}`;
  }
  if (res.status >= 400) {
    return typeof body.detail === 'string' && body.detail !== ''
      ? null
      : `${res.status} without a detail: ${text.slice(0, 200)}`;
  }
  if (req.method === 'GET' && res.status < 300) return null;
  return `${req.method} accepted malformed input: ${res.status} ${text.slice(0, 200)}`;
}

Deno.test(`every route answers malformed input with a JSON 4xx, never a 5xx, and writes nothing (${onPostgresServer ? 'PostgreSQL server' : 'PGlite'}, seed ${SEED})`, async () => {
  const started = performance.now();
  await using t = await createBookingTestApp();
  const { owner, customer, show, theater, movie } = await t.scenario();
  const admin = await t.account('root', 'admin');
  const held = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [show.seat('A1')] },
    customer.token,
  );
  assert.equal(held.status, 201, await held.clone().text());
  const paid = await t.holdAndPay(customer, show.id, [show.seat('B1')]);
  assert.equal(paid.status, 201, await paid.clone().text());
  const published = await t.post(
    '/api/releases/',
    {
      remote: 'user',
      version: '1.0.0-aaaaaaaa',
      entry: 'https://cdn.example.com/mfe-user/1.0.0-aaaaaaaa/remoteEntry.js',
    },
    admin.token,
  );
  assert.equal(published.status, 201, await published.clone().text());
  const [booking] = await t.db.query<{ id: number }>`SELECT id FROM bookings`;
  const fixtures: Fixtures = {
    theater: theater.id,
    movie: movie.id,
    show: show.id,
    seat: show.seat('C1'),
    hold: (await held.json()).id,
    booking: booking?.id ?? 1,
    email: customer.email,
    version: '1.0.0-aaaaaaaa',
  };
  const tokens: Record<Role, string | undefined> = {
    anonymous: undefined,
    user: customer.token,
    owner: owner.token,
    admin: admin.token,
    door: (await doorStaffAccount(t, owner, 'steward')).token,
  };

  ROUTES = routeSpecs(await (await t.app.request('/api/openapi.json')).json());
  const routes = servedRoutes(t.app);
  const failures: string[] = [];
  const unlisted = routes.filter((route) => !(route in ROUTES));
  const gone = Object.keys(ROUTES).filter((route) => !routes.includes(route));
  for (const route of unlisted) {
    failures.push(`${route}: not in the OpenAPI document (fuzzed without field kinds)`);
  }
  for (const route of gone) failures.push(`${route}: documented but not served`);

  let sent = 0;
  // The scenario's confirmation email is sent after its response: let the queue settle first.
  await t.settled();
  let before = await tableDigests(t.db, NOT_CHECKED);
  /** Records the tables written since the last check, blaming `name`. */
  const nothingWritten = async (name: string) => {
    const after = await tableDigests(t.db, NOT_CHECKED);
    for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (before[table] !== after[table]) {
        failures.push(`${name} wrote to ${table}: ${before[table]} -> ${after[table]}`);
      }
    }
    before = after;
  };
  const run = async (name: string, arbitrary: fc.Arbitrary<FuzzRequest>) => {
    const seed = groupSeed(name);
    try {
      await fc.assert(
        fc.asyncProperty(arbitrary, async (req) => {
          sent++;
          const init: RequestInit = { method: req.method, headers: req.headers };
          if (req.body !== undefined) init.body = req.body;
          const res = await t.app.request(`${req.path}${req.query}`, init);
          const wrong = await verdict(res, req);
          if (wrong) throw new Error(wrong);
        }),
        { seed, numRuns: RUNS },
      );
    } catch (error) {
      failures.push(`${name} (FUZZ_SEED=${SEED}): ${(error as Error).message}`);
    }
    if (t.logger.errors.length > 0) {
      failures.push(`${name}: the app logged ${t.logger.errors.map((e) => e.message).join('; ')}`);
      t.logger.errors.length = 0;
    }
  };

  for (const route of routes) {
    for (const role of ROLES) {
      const token = tokens[role];
      const auth = token ? fc.constant(`Bearer ${token}`) : anonymousAuthorization;
      await run(`${route} as ${role}`, requests(route, auth, fixtures));
    }
    await nothingWritten(route);
  }
  for (const role of ROLES) {
    const token = tokens[role];
    const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
    const stray = strayPath.chain((path) =>
      fc.record({
        method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
        path: fc.constant(path),
        query: fc.constant(''),
        body: fc.constant(undefined),
        headers: fc.constant(headers),
      }),
    );
    await run(`stray paths as ${role}`, stray);
  }
  await nothingWritten('stray paths');

  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `fuzzed ${sent} requests: ${routes.length} routes x ${ROLES.length} roles x ${RUNS} runs (+ stray paths) in ${seconds} s, seed ${SEED}`,
  );
  assert.deepEqual(failures, [], failures.join('\n\n'));
});
