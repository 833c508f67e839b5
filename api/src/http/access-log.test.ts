import assert from 'node:assert/strict';
import { createAccountsTestApp, TEST_PASSWORD } from '../testing/accounts.ts';
import { createTestApp } from '../testing/app.ts';

Deno.test('a path with encoded control characters is logged on one line, escaped', async () => {
  await using t = await createTestApp({ config: { logRequests: true } });
  const forged = '/api/zz%0aGET%20/api/login%20200%201ms%20FORGED-LINE';
  for (const path of [
    forged,
    '/api/zz%0d%0aX',
    '/api/zz%1b[31mred%1b[0m',
    '/api/zz%c2%85nel%e2%80%a8ls%e2%80%a9ps%7fdel%00nul',
  ]) {
    const res = await t.app.request(path);
    await res.body?.cancel();
  }
  const lines = t.logger.infos.filter((line) => line.startsWith('GET /api/zz'));
  assert.equal(lines.length, 4);
  for (const line of lines) {
    // One line, nothing a terminal would act on.
    assert.doesNotMatch(line, /[\p{Cc}\u2028\u2029]/u, JSON.stringify(line));
  }
  assert.match(
    lines[0] ?? '',
    /^GET \/api\/zz\\nGET \/api\/login 200 1ms FORGED-LINE 404 \d+ms \S+$/,
  );
  assert.match(lines[1] ?? '', /^GET \/api\/zz\\r\\nX 404 /);
  assert.match(lines[2] ?? '', /^GET \/api\/zz\\x1b\[31mred\\x1b\[0m 404 /);
  assert.match(lines[3] ?? '', /^GET \/api\/zz\\x85nel\\u2028ls\\u2029ps\\x7fdel\\x00nul 404 /);
});

// LOG_FORMAT=json: what a log collector reads (testing/app.ts keeps each line as logger.ts writes it).
async function jsonApp() {
  const t = await createAccountsTestApp({ config: { logRequests: true } });
  const ana = await t.createUser({ username: 'ana', email: 'ana@example.com' });
  return { t, ana };
}
const parsed = (t: { logger: { json: string[] } }) =>
  t.logger.json.map((line) => {
    assert.doesNotMatch(line, /\n/);
    return JSON.parse(line) as Record<string, unknown>;
  });

Deno.test('in json, a 2xx and a 4xx are one object each with the route template and the user', async () => {
  const { t, ana } = await jsonApp();
  await using _ = t;
  const login = await t.login('ana');
  const ok = await t.get('/api/profile/', { token: login.access });
  assert.equal(ok.status, 200);
  const missing = await t.app.request('/api/shows/4242/');
  assert.equal(missing.status, 401); // shows are read signed in
  const lines = parsed(t);
  const profile = lines.find((l) => l.route === '/api/profile/');
  assert.ok(profile, JSON.stringify(lines));
  assert.equal(profile.level, 'info');
  assert.equal(profile.message, 'GET /api/profile/ 200');
  assert.equal(profile.method, 'GET');
  assert.equal(profile.status, 200);
  assert.equal(profile.user_id, ana.id);
  assert.equal(profile.request_id, ok.headers.get('X-Request-Id'));
  assert.equal(profile.instance, 'test');
  assert.equal(typeof profile.duration_ms, 'number');
  assert.ok(!Number.isNaN(Date.parse(String(profile.time))));
  assert.match(String(profile.time), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  const show = lines.find((l) => l.status === 401);
  assert.ok(show, JSON.stringify(lines));
  // The template, never the id from the path.
  assert.equal(show.route, '/api/shows/:id/');
  assert.equal(show.message, 'GET /api/shows/:id/ 401');
  assert.equal(show.user_id, null);
  assert.doesNotMatch(JSON.stringify(show), /4242/);
});

Deno.test('in json, a login, a refresh and an OTP verification log no password, token or code', async () => {
  const { t } = await jsonApp();
  await using _ = t;
  const login = await t.login('ana');
  const refreshed = await t.post('/api/token/refresh/', { refresh: login.refresh });
  assert.equal(refreshed.status, 200);
  const tokens = await refreshed.json();
  assert.equal((await t.post('/api/otp/request/', { email: 'ana@example.com' })).status, 200);
  const code = await t.codeFor('ana@example.com');
  const verified = await t.post('/api/otp/verify/', { email: 'ana@example.com', code });
  assert.equal(verified.status, 200);
  const { reset_token } = await verified.json();
  assert.equal((await t.get('/api/profile/', { token: tokens.access })).status, 200);

  const log = t.logger.json.join('\n');
  const routes = parsed(t).map((l) => l.route);
  for (const route of ['/api/login/', '/api/token/refresh/', '/api/otp/verify/']) {
    assert.ok(routes.includes(route), `${route} not logged: ${log}`);
  }
  const secrets = [
    TEST_PASSWORD,
    login.access,
    login.refresh,
    tokens.access,
    tokens.refresh,
    reset_token,
  ];
  for (const secret of secrets) assert.ok(!log.includes(secret), `${secret} in the log`);
  // Six digits could turn up inside a random request id: those are left out for the code.
  const withoutIds = parsed(t).map(({ request_id: _, ...rest }) => JSON.stringify(rest));
  assert.ok(!withoutIds.join('\n').includes(code), `${code} in the log`);
  assert.doesNotMatch(log, /authorization|bearer/i);
});

Deno.test('in json, an unexpected error is one line with the request id, its message and stack', async () => {
  await using t = await createTestApp({ config: { logRequests: true } });
  t.app.get('/api/test/boom/:id', () => {
    throw new Error('boom\non two lines');
  });
  const res = await t.app.request('/api/test/boom/7', { headers: { 'X-Request-Id': 'req-500' } });
  assert.equal(res.status, 500);
  await res.body?.cancel();
  const lines = parsed(t);
  const error = lines.find((l) => l.level === 'error');
  assert.ok(error, JSON.stringify(lines));
  assert.equal(error.request_id, 'req-500');
  assert.match(String(error.message), /^Unhandled error in GET \/api\/test\/boom\/7/);
  const cause = error.error as { name: string; message: string; stack: string };
  assert.equal(cause.message, 'boom\non two lines');
  assert.match(cause.stack, /access-log\.test\.ts/);
  const access = lines.find((l) => l.level === 'info');
  assert.equal(access?.route, '/api/test/boom/:id/');
  assert.equal(access?.status, 500);
  assert.equal(access?.request_id, 'req-500');
});
