import assert from 'node:assert/strict';
import { verifyPassword } from '../../auth/passwords.ts';
import { createAccountsTestApp, TEST_PASSWORD } from '../../testing/accounts.ts';
import { testConfig } from '../../testing/app.ts';
import { adminAccount, DEMO_ADMIN, ensureAdmin } from './admin.ts';

const ADMIN_PASSWORD = 'Projector#Room9';

Deno.test('ensureAdmin creates the admin, who logs in with role admin', async () => {
  await using t = await createAccountsTestApp();
  const result = await ensureAdmin(t.db, ' Boss@Example.com ', ADMIN_PASSWORD);
  assert.equal(result.action, 'created');
  assert.deepEqual(result.user, {
    id: result.user.id,
    username: 'admin',
    email: 'boss@example.com',
    role: 'admin',
    scans_for: null,
  });
  const login = await t.login('boss@example.com', ADMIN_PASSWORD);
  assert.equal(login.role, 'admin');
  const { scans_for: _, ...user } = result.user;
  assert.deepEqual(login.user, user);
  const profile = await t.get('/api/profile/', { token: login.access });
  assert.equal((await profile.json()).role, 'admin');
  // Started again with the same settings: nothing to do.
  assert.equal((await ensureAdmin(t.db, 'boss@example.com', ADMIN_PASSWORD)).action, 'unchanged');
});

Deno.test('ensureAdmin promotes an existing account, sets the password and signs it out', async () => {
  await using t = await createAccountsTestApp();
  const olga = await t.createUser({ username: 'olga', email: 'olga@example.com', role: 'owner' });
  const session = await t.login('olga');
  const result = await ensureAdmin(t.db, 'olga@example.com', ADMIN_PASSWORD);
  assert.equal(result.action, 'updated');
  assert.deepEqual(result.user, { ...olga, role: 'admin' });

  const [row] = await t.db.query<{ role: string; password_hash: string }>`
    SELECT role, password_hash FROM users WHERE id = ${olga.id}`;
  assert.equal(row?.role, 'admin');
  assert.ok(await verifyPassword(row?.password_hash ?? '', ADMIN_PASSWORD));
  assert.equal((await t.post('/api/token/refresh/', { refresh: session.refresh })).status, 401);
  const old = await t.post('/api/login/', { email_or_username: 'olga', password: TEST_PASSWORD });
  assert.equal(old.status, 401);
  assert.equal((await t.login('olga', ADMIN_PASSWORD)).role, 'admin');
});

Deno.test('ensureAdmin derives the username from the email when admin is taken', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'Admin', email: 'someone@example.com' });
  await t.createUser({ username: 'root', email: 'root1@example.com' });
  const first = await ensureAdmin(t.db, 'boss@example.com', ADMIN_PASSWORD);
  assert.equal(first.user.username, 'boss');
  const second = await ensureAdmin(t.db, 'root@example.org', ADMIN_PASSWORD);
  assert.equal(second.user.username, 'root2');
});

Deno.test('the admin comes from ADMIN_*, else the demo admin on the embedded development database only', () => {
  assert.deepEqual(
    adminAccount(testConfig({ adminEmail: 'boss@example.com', adminPassword: ADMIN_PASSWORD })),
    { email: 'boss@example.com', password: ADMIN_PASSWORD, demo: false },
  );
  assert.deepEqual(adminAccount(testConfig({ databaseUrl: null })), {
    email: 'admin@cinebook.local',
    password: 'Admin#2026',
    demo: true,
  });
  assert.equal(adminAccount(testConfig({ databaseUrl: 'postgres://db/x' })), null);
  assert.equal(adminAccount(testConfig({ databaseUrl: null, isProduction: true })), null);
  assert.deepEqual(DEMO_ADMIN, { email: 'admin@cinebook.local', password: 'Admin#2026' });
});

Deno.test('the demo admin logs in as admin with its documented password', async () => {
  await using t = await createAccountsTestApp();
  await ensureAdmin(t.db, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const login = await t.login('admin', 'Admin#2026');
  assert.deepEqual(
    { username: login.user.username, email: login.user.email, role: login.role },
    { username: 'admin', email: 'admin@cinebook.local', role: 'admin' },
  );
});
