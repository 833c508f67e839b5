import assert from 'node:assert/strict';
import { SignJWT } from 'jose';
import { signAccessToken } from '../../auth/tokens.ts';
import { createAccountsTestApp } from '../../testing/accounts.ts';

const INVALID = {
  detail: 'Invalid or expired token.',
  error: 'Invalid or expired token.',
  code: 'token_not_valid',
};

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

Deno.test('profile answers the signed-in account', async () => {
  await using t = await createAccountsTestApp();
  const ana = await t.createUser({ username: 'Ana', email: 'ana@example.com', role: 'owner' });
  const { access } = await t.login('ana');
  const res = await t.get('/api/profile/', { token: access });
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), {
    id: ana.id,
    username: 'Ana',
    email: 'ana@example.com',
    role: 'owner',
  });
});

Deno.test('profile without a token is 401 with the not-provided message', async () => {
  await using t = await createAccountsTestApp();
  const res = await t.get('/api/profile/');
  assert.equal(res.status, 401);
  assert.equal(res.headers.get('WWW-Authenticate'), 'Bearer realm="api"');
  assert.deepEqual(await res.json(), {
    detail: 'Authentication credentials were not provided.',
    error: 'Authentication credentials were not provided.',
    code: 'not_authenticated',
  });
});

Deno.test('a tampered, expired, unsigned, foreign or refresh token is 401 on profile', async () => {
  await using t = await createAccountsTestApp();
  const ana = await t.createUser({ username: 'ana', email: 'ana@example.com' });
  const login = await t.login('ana');
  const [header, payload, signature] = login.access.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  const now = Math.floor(t.clock().getTime() / 1000);
  const secret = new TextEncoder().encode(t.config.jwtSecret);
  const sign = (extra: Record<string, unknown>, tweak?: (jwt: SignJWT) => SignJWT) => {
    let jwt = new SignJWT({ ...claims, ...extra }).setProtectedHeader({ alg: 'HS256' });
    if (tweak) jwt = tweak(jwt);
    return jwt.sign(secret);
  };

  const tokens: Record<string, string> = {
    'payload changed (role admin)': `${header}.${b64({ ...claims, role: 'admin' })}.${signature}`,
    'signature changed': `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`,
    'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
    'alg HS512 with the same secret': await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512' })
      .sign(secret),
    'another secret': await signAccessToken(
      { jwtSecret: 'y'.repeat(48), accessTokenTtlSeconds: 900 },
      ana,
      claims.sid,
      t.clock(),
    ),
    'wrong audience': await sign({ aud: 'someone-else' }),
    'wrong issuer': await sign({ iss: 'someone-else' }),
    'no typ claim': await sign({ typ: undefined }),
    'refresh typ claim': await sign({ typ: 'refresh' }),
    'no expiry': await sign({ exp: undefined }),
    expired: await sign({ iat: now - 3600, exp: now - 1 }),
    'refresh token as access token': login.refresh,
    garbage: 'not-a-token',
  };
  for (const [name, token] of Object.entries(tokens)) {
    const res = await t.get('/api/profile/', { token });
    assert.equal(res.status, 401, name);
    assert.deepEqual(await res.json(), INVALID, name);
  }
  const basic = await t.app.request('/api/profile/', { headers: { Authorization: 'Basic YTpi' } });
  assert.equal(basic.status, 401);
  assert.deepEqual(await basic.json(), INVALID);

  // Sanity: the untouched token still works.
  assert.equal((await t.get('/api/profile/', { token: login.access })).status, 200);
});

Deno.test('an access token stops working when it expires after 15 minutes', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  const { access } = await t.login('ana');
  t.clock.advance(15 * 60 * 1000 - 1000);
  assert.equal((await t.get('/api/profile/', { token: access })).status, 200);
  t.clock.advance(1000);
  const res = await t.get('/api/profile/', { token: access });
  assert.equal(res.status, 401);
  assert.deepEqual(await res.json(), INVALID);
});

Deno.test('a deleted user’s access token is 401, and a changed role shows at once', async () => {
  await using t = await createAccountsTestApp();
  const ana = await t.createUser({ username: 'ana', email: 'ana@example.com' });
  const { access } = await t.login('ana');
  await t.db.query`UPDATE users SET role = 'owner' WHERE id = ${ana.id}`;
  assert.equal((await (await t.get('/api/profile/', { token: access })).json()).role, 'owner');
  await t.db.query`DELETE FROM users WHERE id = ${ana.id}`;
  const res = await t.get('/api/profile/', { token: access });
  assert.equal(res.status, 401);
  assert.deepEqual(await res.json(), INVALID);
});
