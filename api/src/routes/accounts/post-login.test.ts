import assert from 'node:assert/strict';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { sha256Hex } from '../../auth/secrets.ts';
import { createAccountsTestApp, TEST_PASSWORD } from '../../testing/accounts.ts';

const INVALID = {
  detail: 'Invalid credentials.',
  error: 'Invalid credentials.',
  code: 'invalid_credentials',
};

Deno.test('login by email answers access, refresh, the user and the role, and opens a session', async () => {
  await using t = await createAccountsTestApp();
  const ana = await t.createUser({ username: 'Ana', email: 'ana@example.com', role: 'owner' });
  const res = await t.post('/api/login/', {
    email_or_username: '  ANA@example.com ',
    password: TEST_PASSWORD,
  });
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.deepEqual(Object.keys(body).sort(), ['access', 'refresh', 'role', 'user']);
  assert.deepEqual(body.user, {
    id: ana.id,
    username: 'Ana',
    email: 'ana@example.com',
    role: 'owner',
  });
  assert.equal(body.role, 'owner');

  assert.deepEqual(decodeProtectedHeader(body.access), { alg: 'HS256', typ: 'JWT' });
  const iat = Math.floor(t.clock().getTime() / 1000);
  assert.deepEqual(decodeJwt(body.access), {
    typ: 'access',
    sub: String(ana.id),
    user_id: ana.id,
    username: 'Ana',
    email: 'ana@example.com',
    role: 'owner',
    iss: 'cinebook-api',
    aud: 'cinebook',
    iat,
    exp: iat + 15 * 60,
  });
  // The refresh token is opaque (not a JWT) and stored only as its SHA-256.
  assert.match(body.refresh, /^[A-Za-z0-9_-]{43}$/);
  const tokens = await t.db.query<{ token_hash: string; expires_at: Date; user_id: number }>`
    SELECT t.token_hash, t.expires_at, s.user_id
      FROM refresh_tokens t JOIN sessions s ON s.id = t.session_id`;
  assert.deepEqual(tokens, [
    {
      token_hash: sha256Hex(body.refresh),
      expires_at: new Date(t.clock().getTime() + 14 * 24 * 60 * 60 * 1000),
      user_id: ana.id,
    },
  ]);
});

Deno.test('login by username works in any case', async () => {
  await using t = await createAccountsTestApp();
  const ana = await t.createUser({ username: 'Ana Lima', email: 'ana@example.com' });
  const login = await t.login('ana lima');
  assert.equal(login.user.id, ana.id);
  assert.equal(login.role, 'user');
});

Deno.test('a wrong password and an unknown user get the same answer', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  const answers = [];
  for (const [who, password] of [
    ['ana@example.com', 'wrong-password'],
    ['nobody@example.com', 'wrong-password'],
    ['ana', 'wrong-password'],
    ['nobody', TEST_PASSWORD],
  ] as const) {
    const res = await t.post('/api/login/', { email_or_username: who, password });
    answers.push({
      status: res.status,
      body: await res.json(),
      authenticate: res.headers.get('WWW-Authenticate'),
    });
  }
  for (const answer of answers) assert.deepEqual(answer, answers[0]);
  assert.deepEqual(answers[0], { status: 401, body: INVALID, authenticate: null });
  assert.deepEqual(await t.db.query`SELECT id FROM sessions`, []);
});

Deno.test('login needs both fields, with the spec messages', async () => {
  await using t = await createAccountsTestApp();
  const cases: [unknown, Record<string, string>][] = [
    [{}, { email_or_username: 'Email or username is required', password: 'Password is required' }],
    [
      { email_or_username: ' ', password: '' },
      {
        email_or_username: 'Email or username is required',
        password: 'Password is required',
      },
    ],
    [{ email_or_username: 'ana' }, { password: 'Password is required' }],
  ];
  for (const [payload, fields] of cases) {
    const res = await t.post('/api/login/', payload);
    assert.equal(res.status, 400);
    const body = await res.json();
    assert.deepEqual(body.fields, fields);
    assert.equal(body.detail, Object.values(fields)[0]);
  }
});

Deno.test('after 5 failed logins the account is locked for 15 minutes, even for the right password', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  // Email and username count against the same account.
  for (const who of ['ana@example.com', 'ana', 'ANA', 'ana@example.com', 'ana']) {
    const res = await t.post('/api/login/', { email_or_username: who, password: 'wrong-password' });
    assert.equal(res.status, 401);
    t.clock.advance(1000);
  }
  const locked = await t.post('/api/login/', { email_or_username: 'ana', password: TEST_PASSWORD });
  assert.equal(locked.status, 429);
  assert.equal(locked.headers.get('Retry-After'), String(15 * 60 - 5));
  assert.deepEqual(await locked.json(), {
    detail: 'Too many failed login attempts. Please try again in 15 minutes.',
    error: 'Too many failed login attempts. Please try again in 15 minutes.',
    code: 'too_many_requests',
  });
  // Another IP does not help: the lock is on the account.
  const elsewhere = await t.post(
    '/api/login/',
    { email_or_username: 'ana', password: TEST_PASSWORD },
    { ip: '198.51.100.9' },
  );
  assert.equal(elsewhere.status, 429);
  assert.deepEqual(await t.db.query`SELECT id FROM sessions`, []);

  t.clock.advance(15 * 60 * 1000);
  assert.equal((await t.login('ana')).user.username, 'ana');
});

Deno.test('an unknown name is throttled exactly like a known one', async () => {
  await using t = await createAccountsTestApp();
  const statuses = [];
  for (let i = 0; i < 6; i++) {
    const res = await t.post('/api/login/', {
      email_or_username: 'ghost',
      password: 'wrong-password',
    });
    statuses.push(res.status);
  }
  assert.deepEqual(statuses, [401, 401, 401, 401, 401, 429]);
});

Deno.test('a successful login clears the account’s failed attempts', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  for (let i = 0; i < 4; i++) {
    await t.post('/api/login/', { email_or_username: 'ana', password: 'wrong-password' });
  }
  await t.login('ana');
  for (let i = 0; i < 5; i++) {
    const res = await t.post('/api/login/', {
      email_or_username: 'ana',
      password: 'wrong-password',
    });
    assert.equal(res.status, 401);
  }
  const keys = await t.db.query<{ n: number }>`
    SELECT count(*) AS n FROM rate_limit_events WHERE key LIKE 'login:user:%'`;
  assert.deepEqual(keys, [{ n: 5 }]);
});

Deno.test('after 30 failed logins from one IP, that IP is refused for any account', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  const ip = '203.0.113.50';
  for (let i = 0; i < 30; i++) {
    const res = await t.post(
      '/api/login/',
      { email_or_username: `user${i}`, password: 'wrong-password' },
      { ip },
    );
    assert.equal(res.status, 401);
  }
  const blocked = await t.post(
    '/api/login/',
    { email_or_username: 'ana', password: TEST_PASSWORD },
    { ip },
  );
  assert.equal(blocked.status, 429);
  assert.equal((await blocked.json()).code, 'too_many_requests');
  const other = await t.post(
    '/api/login/',
    { email_or_username: 'ana', password: TEST_PASSWORD },
    { ip: '203.0.113.51' },
  );
  assert.equal(other.status, 200);
});
