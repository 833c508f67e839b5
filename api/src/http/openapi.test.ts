import assert from 'node:assert/strict';
import type { z } from 'zod';
import { ERROR_CODES } from '../../../packages/contract/src/index.js';
import { ListedBookingSchema, SeatSchema, TicketSchema } from '../booking/schemas.ts';
import { ManifestSchema } from '../releases/channels/schemas.ts';
import { VersionsSchema } from '../releases/registry/schemas.ts';
import { StatusSchema } from '../releases/status/schemas.ts';
import { ListedAccountSchema, UserSchema } from '../routes/accounts/schemas.ts';
import { HealthSchema } from '../routes/health/schemas.ts';
import { HoldSchema } from '../routes/holds/schemas.ts';
import { MovieSchema } from '../routes/movies/schemas.ts';
import { ReportSchema } from '../routes/reports/schemas.ts';
import { ShowSchema } from '../routes/shows/schemas.ts';
import { ListedTheaterSchema } from '../routes/theaters/schemas.ts';
import { createBookingTestApp } from '../testing/booking.ts';
import { createReleasesTestApp } from '../testing/releases.ts';
import { codesOf, listOf } from './openapi.ts';

type Operation = {
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
type Document = {
  openapi: string;
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
};

/** `/api/shows/:id` as OpenAPI writes it: `/api/shows/{id}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}').replace(/\/$/, '') || '/';

Deno.test('the API documents every route it serves, as OpenAPI 3.1, with its answers and errors', async () => {
  await using t = await createBookingTestApp();
  const res = await t.app.request('/api/openapi.json');
  assert.equal(res.status, 200);
  const doc = (await res.json()) as Document;
  assert.equal(doc.openapi, '3.1.0');

  const served = new Set(
    t.app.routes
      .filter(
        (r) => r.method !== 'ALL' && !/^\/api\/(openapi\.json|docs|docs\/:file)$/.test(r.path),
      )
      .map((r) => `${r.method} ${openApiPath(r.path)}`),
  );
  const documented = new Set(
    Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    ),
  );
  assert.deepEqual([...served].sort(), [...documented].sort());

  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const name = `${method.toUpperCase()} ${path}`;
      assert.ok(op.summary, `${name} has a summary`);
      const statuses = Object.keys(op.responses ?? {});
      assert.ok(
        statuses.some((s) => s.startsWith('2')),
        `${name} documents its success answer`,
      );
      for (const status of statuses.filter((s) => !s.startsWith('2'))) {
        assert.ok(
          op.responses?.[status]?.content?.['application/json']?.schema,
          `${name} ${status} documents its JSON error body`,
        );
      }
      // Path parameters come from the same zod schemas validate() checks.
      for (const param of path.match(/\{(\w+)\}/g) ?? []) {
        const declared = op.parameters?.some((p) => p.in === 'path' && `{${p.name}}` === param);
        const remoteByMiddleware = param === '{remote}';
        assert.ok(declared || remoteByMiddleware, `${name} declares ${param}`);
      }
    }
  }

  // The request schemas are validate()'s: the hold body, the list queries.
  const hold = doc.paths['/api/holds']?.post;
  assert.ok(hold?.requestBody, 'POST /api/holds documents its body');
  const shows = doc.paths['/api/shows']?.get;
  assert.deepEqual(
    shows?.parameters
      ?.filter((p) => p.in === 'query')
      .map((p) => p.name)
      .sort(),
    ['movie', 'page', 'page_size', 'q', 'theater'],
  );
});

Deno.test('each error answer of the document lists its codes, each a code of the contract with that status', async () => {
  await using t = await createBookingTestApp();
  const doc = (await (await t.app.request('/api/openapi.json')).json()) as Document;
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        if (status.startsWith('2')) continue;
        const codes = codesOf(response.content);
        assert.ok(codes.length > 0, `${method} ${path} ${status} lists its codes`);
        for (const code of codes) {
          assert.equal(String(ERROR_CODES[code].status), status, `${method} ${path}: ${code}`);
        }
      }
    }
  }
  const codesAt = (path: string, method: string, status: string) =>
    codesOf(doc.paths[path]?.[method]?.responses?.[status]?.content);
  // What the payment page reads (mfe-user paymentOutcome.ts), and what every caller may get.
  assert.deepEqual(codesAt('/api/holds/{id}/confirm', 'post', '410'), [
    'hold_expired',
    'hold_released',
  ]);
  assert.ok(codesAt('/api/holds/{id}/confirm', 'post', '409').includes('hold_already_confirmed'));
  assert.deepEqual(codesAt('/api/shows', 'get', '401'), ['not_authenticated', 'token_not_valid']);
  assert.ok(codesAt('/api/login', 'post', '503').includes('database_unavailable'));
  assert.ok(codesAt('/api/holds', 'post', '413').includes('payload_too_large'));
});

Deno.test('every operation says who may call it, and the answers to a caller without a token agree', async () => {
  await using t = await createBookingTestApp();
  const doc = (await (await t.app.request('/api/openapi.json')).json()) as Document;
  // Integrators' clients resolve the paths (which include /api) against the site's origin.
  assert.deepEqual(
    doc.servers?.map((s) => s.url),
    ['/'],
  );

  const bySecurity: Record<string, string[]> = {};
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const name = `${method.toUpperCase()} ${path}`;
      assert.ok(Array.isArray(op.security), `${name} declares its security`);
      const key = JSON.stringify(op.security);
      bySecurity[key] = [...(bySecurity[key] ?? []), name];

      // The same request without a token: path ids of 1, an empty JSON object as the body.
      const url = path.replace(/\{\w+\}/g, '1');
      const res = await t.app.request(url, {
        method: method.toUpperCase(),
        ...(method === 'get'
          ? {}
          : { headers: { 'Content-Type': 'application/json' }, body: '{}' }),
      });
      const body = res.headers.get('Content-Type')?.includes('json') ? await res.json() : null;
      if (!body) await res.body?.cancel();
      if (key === JSON.stringify([{ bearer: [] }])) {
        assert.equal(res.status, 401, `${name} without a token: ${res.status}`);
        assert.equal(body?.code, 'not_authenticated', `${name} without a token`);
        assert.match(res.headers.get('WWW-Authenticate') ?? '', /^Bearer /, name);
      } else {
        assert.notEqual(body?.code, 'not_authenticated', `${name} is documented public`);
      }
    }
  }
  // Public: health, the account flows before a login, the release reports, a preview link's
  // check (the signed token is the credential: decision 0036), the dev outbox, movie posters
  // (shown in <img>, which sends no token: decision 0053).
  // Logout takes the access token when no refresh token is sent; every other operation needs one.
  assert.deepEqual(bySecurity['[]']?.sort(), [
    'GET /api/dev/outbox',
    'GET /api/health',
    'GET /api/posters/{movie}/{version}/{file}',
    'GET /api/releases/manifest',
    'GET /api/releases/previews/{token}',
    'POST /api/email/request',
    'POST /api/email/verify',
    'POST /api/login',
    'POST /api/otp/request',
    'POST /api/otp/verify',
    'POST /api/password/reset',
    'POST /api/releases/events',
    'POST /api/releases/health',
    'POST /api/signup',
    'POST /api/token/refresh',
  ]);
  assert.deepEqual(bySecurity['[{},{"bearer":[]}]'], ['POST /api/logout']);
  assert.deepEqual(Object.keys(bySecurity).sort(), ['[]', '[{"bearer":[]}]', '[{},{"bearer":[]}]']);
});

Deno.test('the reference page at /api/docs loads the document under a strict policy', async () => {
  await using t = await createBookingTestApp();
  const res = await t.app.request('/api/docs');
  assert.equal(res.status, 200);
  assert.match(res.headers.get('Content-Type') ?? '', /^text\/html/);
  const html = await res.text();
  assert.match(html, /\/api\/openapi\.json/);
  const csp = res.headers.get('Content-Security-Policy') ?? '';
  assert.match(csp, /default-src 'none'/);
  assert.match(csp, /script-src 'sha256-[A-Za-z0-9+/=]+' 'sha384-[A-Za-z0-9+/=]+'(;|$)/);
  assert.doesNotMatch(csp, /https?:/);
  assert.doesNotMatch(csp, /script-src[^;]*unsafe/);
  // Everything else keeps the JSON API's policy.
  const json = await t.app.request('/api/openapi.json');
  assert.equal(
    json.headers.get('Content-Security-Policy'),
    "default-src 'none'; frame-ancestors 'none'",
  );
});

/** The answer's JSON, checked against the schema the document names for it. */
async function conforms(res: Response, schema: z.ZodType, what: string) {
  assert.equal(res.status, 200, `${what}: ${res.status}`);
  const body = await res.json();
  const parsed = schema.safeParse(body);
  assert.ok(
    parsed.success,
    `${what} answers as documented: ${JSON.stringify(parsed.error?.issues)}`,
  );
  return body;
}

Deno.test('the answers of the GET routes are what the document says, for every role', async () => {
  await using t = await createBookingTestApp();
  const { owner, customer, show } = await t.scenario();
  const admin = await t.account('root', 'admin');
  assert.equal((await t.holdAndPay(customer, show.id, [show.seat('A1')])).status, 201);
  const held = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [show.seat('B1')] },
    customer.token,
  );
  assert.equal(held.status, 201);
  const hold = await held.json();

  await conforms(await t.get('/api/health/'), HealthSchema, 'health');
  await conforms(await t.get('/api/profile/', customer.token), UserSchema, 'profile');
  for (const who of [customer, owner, admin]) {
    for (const page of ['', '?page=1']) {
      await conforms(
        await t.get(`/api/theaters/${page}`, who.token),
        listOf(ListedTheaterSchema),
        `theaters ${who.role}`,
      );
      await conforms(
        await t.get(`/api/movies/${page}`, who.token),
        listOf(MovieSchema),
        `movies ${who.role}`,
      );
      await conforms(
        await t.get(`/api/shows/${page}`, who.token),
        listOf(ShowSchema),
        `shows ${who.role}`,
      );
    }
    await conforms(
      await t.get(`/api/shows/${show.id}/`, who.token),
      ShowSchema,
      `show ${who.role}`,
    );
    const seats = await conforms(
      await t.get(`/api/shows/${show.id}/seats/`, who.token),
      SeatSchema.array(),
      `seat map ${who.role}`,
    );
    assert.ok(seats.length > 0);
  }
  await conforms(await t.get('/api/holds/', customer.token), HoldSchema.array(), 'holds');
  await conforms(await t.get(`/api/holds/${hold.id}/`, customer.token), HoldSchema, 'hold');
  const tickets = await conforms(
    await t.get('/api/my-tickets/', customer.token),
    TicketSchema.array(),
    'my tickets',
  );
  assert.equal(tickets.length, 1);
  for (const page of ['', '?page=1']) {
    await conforms(
      await t.get(`/api/bookings/owner/${page}`, owner.token),
      listOf(ListedBookingSchema),
      'owner bookings',
    );
    await conforms(
      await t.get(`/api/bookings/admin/${page}`, admin.token),
      listOf(ListedBookingSchema),
      'admin bookings',
    );
    await conforms(
      await t.get(`/api/signup/?role=user${page && '&page=1'}`, admin.token),
      listOf(ListedAccountSchema),
      'customers',
    );
    await conforms(
      await t.get(`/api/signup/?role=owner${page && '&page=1'}`, admin.token),
      listOf(ListedAccountSchema),
      'owners',
    );
  }
  await conforms(await t.get('/api/reports/', admin.token), ReportSchema, 'report (admin)');
  await conforms(await t.get('/api/reports/', owner.token), ReportSchema, 'report (owner)');
});

Deno.test('the release registry answers as documented, before and after a canary', async () => {
  await using t = await createReleasesTestApp();
  const get = (path: string) =>
    t.app.request(path, { headers: { Authorization: `Bearer ${t.admin}` } });
  await conforms(await get('/api/releases/manifest/'), ManifestSchema, 'empty manifest');
  await conforms(await get('/api/releases/'), StatusSchema, 'empty status');
  await t.publish('user', '1.0.0-aaaaaaaa');
  await t.publish('user', '1.1.0-bbbbbbbb');
  await t.canary('user', '1.1.0-bbbbbbbb', 50);
  await t.report('user', '1.1.0-bbbbbbbb', 'loaded');
  await conforms(await get('/api/releases/manifest/'), ManifestSchema, 'manifest');
  await conforms(
    await get('/api/releases/manifest/?bucket=3'),
    ManifestSchema,
    'manifest with tickets',
  );
  await conforms(await get('/api/releases/'), StatusSchema, 'status');
  await conforms(await get('/api/releases/user/versions/'), VersionsSchema, 'versions');
});
