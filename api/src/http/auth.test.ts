import assert from 'node:assert/strict';
import { SignJWT } from 'jose';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '../auth/tokens.ts';
import { ensureAdmin } from '../routes/accounts/admin.ts';
import { createAccountsTestApp } from '../testing/accounts.ts';
import { requireAuth, requireRole } from './auth.ts';
import { factory } from './context.ts';

async function setUp() {
  const t = await createAccountsTestApp();
  const owners = factory.createHandlers(requireRole('owner', 'admin'), (c) => c.json(c.var.user));
  const both = factory.createHandlers(requireAuth, requireRole('admin'), (c) => c.json(c.var.user));
  const any = factory.createHandlers(requireAuth, (c) => c.json(c.var.user));
  t.app.get('/api/test/owners', ...owners);
  t.app.get('/api/test/admins', ...both);
  t.app.get('/api/test/any', ...any);
  return t;
}

Deno.test('requireAuth puts the account in c.var.user', async () => {
  await using t = await setUp();
  const ana = await t.createUser({ username: 'ana', email: 'ana@example.com' });
  const { access } = await t.login('ana');
  const res = await t.get('/api/test/any', { token: access });
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), ana);
});

Deno.test('requireRole lets the listed roles through and answers 403 to the others', async () => {
  await using t = await setUp();
  await t.createUser({ username: 'ana', email: 'ana@example.com', role: 'user' });
  const olga = await t.createUser({ username: 'olga', email: 'olga@example.com', role: 'owner' });
  const user = await t.login('ana');
  const owner = await t.login('olga');

  const ok = await t.get('/api/test/owners', { token: owner.access });
  assert.equal(ok.status, 200);
  assert.deepEqual(await ok.json(), olga);

  for (const [path, token] of [
    ['/api/test/owners', user.access],
    ['/api/test/admins', owner.access],
  ] as const) {
    const res = await t.get(path, { token });
    assert.equal(res.status, 403);
    assert.deepEqual(await res.json(), {
      detail: 'You do not have permission to perform this action.',
      error: 'You do not have permission to perform this action.',
      code: 'permission_denied',
    });
  }
});

Deno.test('requireRole alone also authenticates: no token is 401, not 403', async () => {
  await using t = await setUp();
  const res = await t.get('/api/test/owners');
  assert.equal(res.status, 401);
  assert.equal((await res.json()).detail, 'Authentication credentials were not provided.');
  const bad = await t.get('/api/test/owners', { token: 'x.y.z' });
  assert.equal(bad.status, 401);
  assert.equal((await bad.json()).detail, 'Invalid or expired token.');
});

Deno.test('the role is read from the database, not trusted from the token', async () => {
  await using t = await setUp();
  const ana = await t.createUser({ username: 'ana', email: 'ana@example.com', role: 'owner' });
  const { access } = await t.login('ana');
  await t.db.query`UPDATE users SET role = 'user' WHERE id = ${ana.id}`;
  assert.equal((await t.get('/api/test/owners', { token: access })).status, 403);
});

// ---- access tokens die with their session ------------------------------------------------------

type T = Awaited<ReturnType<typeof setUp>>;

const status = async (t: T, token: string) => (await t.get('/api/test/any', { token })).status;

/** otp/request, otp/verify and password/reset through the API, passing back whatever proof
 * otp/verify gives the browser (fields of its body, its cookies). */
async function resetPassword(t: T, email: string, newPassword: string): Promise<void> {
  assert.equal((await t.post('/api/otp/request/', { email })).status, 200);
  const verified = await t.post('/api/otp/verify/', { email, code: await t.codeFor(email) });
  assert.equal(verified.status, 200);
  const { message: _message, ...proof } = await verified.json();
  const cookie = verified.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const res = await t.app.request('/api/password/reset/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify({ ...proof, email, new_password: newPassword }),
  });
  assert.equal(res.status, 200, await res.text());
}

Deno.test('after logout the access token of that login is refused at once; another login keeps working', async () => {
  await using t = await setUp();
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  const phone = await t.login('ana');
  const laptop = await t.login('ana');
  assert.equal(await status(t, phone.access), 200);

  assert.equal((await t.post('/api/logout/', { refresh: phone.refresh })).status, 204);
  const res = await t.get('/api/test/any', { token: phone.access });
  assert.equal(res.status, 401);
  assert.deepEqual(await res.json(), {
    detail: 'Invalid or expired token.',
    error: 'Invalid or expired token.',
    code: 'token_not_valid',
  });
  assert.equal(await status(t, laptop.access), 200);
  // Logging in again purges the dead session; its token stays refused.
  const again = await t.login('ana');
  assert.equal(await status(t, phone.access), 401);
  assert.equal(await status(t, again.access), 200);
});

Deno.test('refresh-token reuse kills every access token of that login, old and new', async () => {
  await using t = await setUp();
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  const login = await t.login('ana');
  const other = await t.login('ana');
  const first = await (await t.post('/api/token/refresh/', { refresh: login.refresh })).json();
  assert.equal(await status(t, first.access), 200);
  t.clock.advance(60_000); // past the grace for a second presentation
  assert.equal((await t.post('/api/token/refresh/', { refresh: login.refresh })).status, 401);

  assert.equal(await status(t, first.access), 401);
  assert.equal(await status(t, login.access), 401);
  assert.equal(await status(t, other.access), 200);
});

Deno.test('a password reset kills the access tokens of every login of the account', async () => {
  await using t = await setUp();
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  await t.createUser({ username: 'bea', email: 'bea@example.com' });
  const phone = await t.login('ana');
  const laptop = await t.login('ana');
  const bea = await t.login('bea');

  await resetPassword(t, 'ana@example.com', 'Matinee#Seat42');

  assert.equal(await status(t, phone.access), 401);
  assert.equal(await status(t, laptop.access), 401);
  assert.equal(await status(t, bea.access), 200);
  const fresh = await t.login('ana', 'Matinee#Seat42');
  assert.equal(await status(t, fresh.access), 200);
});

Deno.test('a new admin password at start kills the access tokens of the admin’s logins', async () => {
  await using t = await setUp();
  await ensureAdmin(t.db, 'boss@example.com', 'Projector#Room9');
  const login = await t.login('boss@example.com', 'Projector#Room9');
  assert.equal((await t.get('/api/test/admins', { token: login.access })).status, 200);
  await ensureAdmin(t.db, 'boss@example.com', 'Projector#Room10');
  assert.equal((await t.get('/api/test/admins', { token: login.access })).status, 401);
});

Deno.test('a correctly signed access token that names no session, or another user’s, is refused', async () => {
  await using t = await setUp();
  const ana = await t.createUser({ username: 'ana', email: 'ana@example.com' });
  await t.createUser({ username: 'bea', email: 'bea@example.com' });
  const bea = await t.login('bea');
  const beaSid = (await t.db.query<{ id: string }>`SELECT id::text AS id FROM sessions`)[0]?.id;
  const sign = (claims: Record<string, unknown>) =>
    new SignJWT({ typ: 'access', user_id: ana.id, ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(ana.id))
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(Math.floor(t.clock().getTime() / 1000))
      .setExpirationTime(Math.floor(t.clock().getTime() / 1000) + 600)
      .sign(new TextEncoder().encode(t.config.jwtSecret));
  // An old token (no sid), a malformed sid, and Bea's live session under Ana's id.
  for (const claims of [{}, { sid: 'not-a-uuid' }, { sid: 42 }, { sid: beaSid }]) {
    assert.equal(await status(t, await sign(claims)), 401, JSON.stringify(claims));
  }
  assert.equal(await status(t, bea.access), 200);
});
