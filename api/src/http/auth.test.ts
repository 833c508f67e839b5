import assert from 'node:assert/strict';
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
