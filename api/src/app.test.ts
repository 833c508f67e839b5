// Cross-cutting behaviour of the app: errors, limits, CORS, headers. Routes mounted here exist
// only in these tests.
import assert from 'node:assert/strict';
import { z } from 'zod';
import { conflict, tooManyRequests, validate } from './http/errors.ts';
import { createTestApp } from './testing/app.ts';

const ALLOWED = 'http://localhost:3000';
const UNKNOWN = 'https://evil.example';

Deno.test('an unknown path under /api answers a JSON 404 with detail and code', async () => {
  await using t = await createTestApp();
  const res = await t.app.request('/api/nope');
  assert.equal(res.status, 404);
  assert.match(res.headers.get('content-type') ?? '', /application\/json/);
  assert.deepEqual(await res.json(), {
    detail: 'Not found',
    code: 'not_found',
    error: 'Not found',
  });
});

Deno.test('a validation failure answers 400 with the first message per field', async () => {
  await using t = await createTestApp();
  const schema = z.object({
    email: z.email('Enter a valid email'),
    password: z.string().min(6, 'Password must be at least 6 characters'),
    tickets: z.number().int().min(1, 'At least 1 ticket').max(10, 'At most 10 tickets'),
  });
  t.app.post('/api/test/echo', validate('json', schema), (c) => c.json(c.req.valid('json')));

  const res = await t.app.request('/api/test/echo', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'nope', password: '123', tickets: 0 }),
  });
  assert.equal(res.status, 400);
  assert.deepEqual(await res.json(), {
    detail: 'Enter a valid email',
    error: 'Enter a valid email',
    code: 'validation_error',
    fields: {
      email: 'Enter a valid email',
      password: 'Password must be at least 6 characters',
      tickets: 'At least 1 ticket',
    },
  });

  const ok = await t.app.request('/api/test/echo', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'a@b.co', password: '123456', tickets: 2 }),
  });
  assert.equal(ok.status, 200);
  assert.deepEqual(await ok.json(), { email: 'a@b.co', password: '123456', tickets: 2 });
});

Deno.test('malformed JSON answers 400 in the same JSON shape, not 500', async () => {
  await using t = await createTestApp();
  t.app.post('/api/test/echo', validate('json', z.object({ a: z.string() })), (c) => c.json({}));
  const res = await t.app.request('/api/test/echo', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{"a":',
  });
  assert.equal(res.status, 400);
  const body = await res.json();
  assert.equal(body.code, 'bad_request');
  assert.equal(body.error, body.detail);
  assert.match(body.detail, /JSON/);
});

Deno.test('a ZodError thrown inside a handler is a 400, not a 500', async () => {
  await using t = await createTestApp();
  t.app.get('/api/test/parse', (c) =>
    c.json(z.object({ id: z.uuid('Bad id') }).parse({ id: 'x' })),
  );
  const res = await t.app.request('/api/test/parse');
  assert.equal(res.status, 400);
  assert.deepEqual(await res.json(), {
    detail: 'Bad id',
    error: 'Bad id',
    code: 'validation_error',
    fields: { id: 'Bad id' },
  });
});

Deno.test('an unexpected error answers a JSON 500 without leaking its message, and is logged', async () => {
  await using t = await createTestApp();
  t.app.get('/api/test/boom', () => {
    throw new Error('secret connection string postgres://u:p@db');
  });
  const res = await t.app.request('/api/test/boom', { headers: { 'X-Request-Id': 'req-500' } });
  assert.equal(res.status, 500);
  const text = await res.text();
  assert.doesNotMatch(text, /secret/);
  assert.deepEqual(JSON.parse(text), {
    detail: 'Internal server error',
    error: 'Internal server error',
    code: 'internal',
  });
  const [logged] = t.logger.errors;
  assert.equal(t.logger.errors.length, 1);
  assert.match(logged?.message ?? '', /GET \/api\/test\/boom \(request req-500\)/);
  assert.ok(logged?.error instanceof Error);
  assert.match(String(logged.error.stack), /secret connection string/);
});

Deno.test('the error helpers set status, code and extra members', async () => {
  await using t = await createTestApp();
  t.app.get('/api/test/conflict', () =>
    conflict('Seat already booked', { code: 'seat_taken', seats: [3] }),
  );
  t.app.get('/api/test/slow-down', () => tooManyRequests('Too many OTP requests', 42.2));

  const c = await t.app.request('/api/test/conflict');
  assert.equal(c.status, 409);
  assert.deepEqual(await c.json(), {
    detail: 'Seat already booked',
    error: 'Seat already booked',
    code: 'seat_taken',
    seats: [3],
  });

  const r = await t.app.request('/api/test/slow-down');
  assert.equal(r.status, 429);
  assert.equal(r.headers.get('Retry-After'), '43');
  assert.deepEqual(await r.json(), {
    detail: 'Too many OTP requests',
    error: 'Too many OTP requests',
    code: 'too_many_requests',
  });
});

Deno.test('a body over the limit answers 413 JSON, with or without Content-Length', async () => {
  await using t = await createTestApp({ config: { bodyLimitBytes: 1024 } });
  t.app.post('/api/test/upload', async (c) => c.json({ size: (await c.req.text()).length }));
  const big = 'x'.repeat(2048);

  const declared = await t.app.request('/api/test/upload', { method: 'POST', body: big });
  assert.equal(declared.status, 413);
  assert.deepEqual(await declared.json(), {
    detail: 'Request body is too large',
    error: 'Request body is too large',
    code: 'payload_too_large',
    limit_bytes: 1024,
  });

  const stream = new Blob([big]).stream();
  const streamed = await t.app.request('/api/test/upload', { method: 'POST', body: stream });
  assert.equal(streamed.status, 413);
  assert.equal((await streamed.json()).code, 'payload_too_large');

  const small = await t.app.request('/api/test/upload', { method: 'POST', body: 'x'.repeat(1000) });
  assert.deepEqual(await small.json(), { size: 1000 });
});

Deno.test('an allowed origin is echoed back with credentials allowed', async () => {
  await using t = await createTestApp();
  const res = await t.app.request('/api/health', { headers: { Origin: ALLOWED } });
  assert.equal(res.headers.get('Access-Control-Allow-Origin'), ALLOWED);
  assert.equal(res.headers.get('Access-Control-Allow-Credentials'), 'true');
  assert.match(res.headers.get('Vary') ?? '', /Origin/);
  assert.match(res.headers.get('Access-Control-Expose-Headers') ?? '', /X-Request-Id/);
});

Deno.test('an unknown origin gets no Access-Control-Allow-Origin', async () => {
  await using t = await createTestApp();
  const res = await t.app.request('/api/health', { headers: { Origin: UNKNOWN } });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('Access-Control-Allow-Origin'), null);
});

Deno.test('a preflight is answered for an allowed origin only', async () => {
  await using t = await createTestApp();
  const preflight = (origin: string) =>
    t.app.request('/api/health', {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        // What the apps send (packages/api-client http.ts), trace context included.
        'Access-Control-Request-Headers': 'authorization,content-type,traceparent',
      },
    });

  const ok = await preflight(ALLOWED);
  assert.equal(ok.status, 204);
  assert.equal(ok.headers.get('Access-Control-Allow-Origin'), ALLOWED);
  assert.equal(ok.headers.get('Access-Control-Allow-Credentials'), 'true');
  assert.equal(
    ok.headers.get('Access-Control-Allow-Headers'),
    'Authorization,Content-Type,Idempotency-Key,X-Request-Id,Last-Event-ID,traceparent',
  );
  assert.match(ok.headers.get('Access-Control-Allow-Methods') ?? '', /PATCH/);

  const denied = await preflight(UNKNOWN);
  assert.equal(denied.headers.get('Access-Control-Allow-Origin'), null);
});

Deno.test('CORS origins come from the config', async () => {
  await using t = await createTestApp({ config: { corsOrigins: ['https://tickets.example'] } });
  const listed = await t.app.request('/api/health', {
    headers: { Origin: 'https://tickets.example' },
  });
  assert.equal(listed.headers.get('Access-Control-Allow-Origin'), 'https://tickets.example');
  const dev = await t.app.request('/api/health', { headers: { Origin: ALLOWED } });
  assert.equal(dev.headers.get('Access-Control-Allow-Origin'), null);
});

Deno.test('error responses carry CORS, request id and secure headers too', async () => {
  await using t = await createTestApp();
  t.app.get('/api/test/boom', () => {
    throw new Error('boom');
  });
  for (const path of ['/api/nope', '/api/test/boom']) {
    const res = await t.app.request(path, {
      headers: { Origin: ALLOWED, 'X-Request-Id': 'abc-1' },
    });
    assert.equal(res.headers.get('Access-Control-Allow-Origin'), ALLOWED, path);
    assert.equal(res.headers.get('X-Request-Id'), 'abc-1', path);
    assert.equal(res.headers.get('X-Content-Type-Options'), 'nosniff', path);
  }
});

Deno.test('secure headers are set on every response', async () => {
  await using t = await createTestApp();
  const res = await t.app.request('/api/health');
  assert.equal(res.headers.get('X-Content-Type-Options'), 'nosniff');
  assert.equal(res.headers.get('X-Frame-Options'), 'SAMEORIGIN');
  assert.equal(res.headers.get('Referrer-Policy'), 'no-referrer');
  assert.match(res.headers.get('Strict-Transport-Security') ?? '', /max-age=/);
  assert.equal(
    res.headers.get('Content-Security-Policy'),
    "default-src 'none'; frame-ancestors 'none'",
  );
});

Deno.test('a call without Origin (same origin, or no browser) gets no CORS headers, yet says it varies by Origin', async () => {
  await using t = await createTestApp();
  const plain = await t.app.request('/api/health');
  assert.equal(plain.status, 200);
  assert.equal(plain.headers.get('Access-Control-Allow-Origin'), null);
  assert.equal(plain.headers.get('Access-Control-Allow-Credentials'), null);
  assert.match(plain.headers.get('Vary') ?? '', /Origin/);
  const cross = await t.app.request('/api/health', { headers: { Origin: ALLOWED } });
  assert.equal(cross.headers.get('Access-Control-Allow-Origin'), ALLOWED);
  assert.equal(cross.headers.get('Access-Control-Allow-Credentials'), 'true');
  assert.match(cross.headers.get('Vary') ?? '', /Origin/);
});

Deno.test('a JSON answer carries no header only a document or an old browser reads', async () => {
  await using t = await createTestApp();
  const res = await t.app.request('/api/health');
  for (const name of [
    'Cross-Origin-Opener-Policy',
    'Origin-Agent-Cluster',
    'X-DNS-Prefetch-Control',
    'X-Download-Options',
    'X-Permitted-Cross-Domain-Policies',
    'X-XSS-Protection',
  ]) {
    assert.equal(res.headers.get(name), null, name);
  }
  assert.equal(res.headers.get('Cross-Origin-Resource-Policy'), 'same-origin');
});

Deno.test('a safe incoming X-Request-Id is echoed; a missing or unsafe one is replaced', async () => {
  await using t = await createTestApp();
  const echoed = await t.app.request('/api/health', { headers: { 'X-Request-Id': 'trace-42_a=' } });
  assert.equal(echoed.headers.get('X-Request-Id'), 'trace-42_a=');

  const fresh = await t.app.request('/api/health');
  const id = fresh.headers.get('X-Request-Id') ?? '';
  assert.match(id, /^[0-9a-f-]{36}$/);

  for (const unsafe of ['bad id <script>', 'x'.repeat(300)]) {
    const res = await t.app.request('/api/health', { headers: { 'X-Request-Id': unsafe } });
    assert.match(res.headers.get('X-Request-Id') ?? '', /^[0-9a-f-]{36}$/);
  }
});

Deno.test('the access log writes one line per request when enabled', async () => {
  await using t = await createTestApp({ config: { logRequests: true } });
  await t.app.request('/api/nope', { headers: { 'X-Request-Id': 'log-1' } });
  assert.equal(t.logger.infos.length, 1);
  assert.match(t.logger.infos[0] ?? '', /^GET \/api\/nope 404 \d+ms log-1$/);
});

Deno.test('a trailing slash is optional', async () => {
  await using t = await createTestApp();
  assert.equal((await t.app.request('/api/health/')).status, 200);
  assert.equal((await t.app.request('/api/health')).status, 200);
});
