import assert from 'node:assert/strict';
import { createAccountsTestApp } from '../../testing/accounts.ts';

Deno.test('logout revokes the login: its refresh token stops working', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  const login = await t.login('ana');
  const rotated = await (await t.post('/api/token/refresh/', { refresh: login.refresh })).json();

  const res = await t.post('/api/logout/', { refresh: rotated.refresh });
  assert.equal(res.status, 204);
  assert.equal(await res.text(), '');
  const rows = await t.db.query<{ revoked_at: Date | null; revoked_reason: string | null }>`
    SELECT revoked_at, revoked_reason FROM sessions`;
  assert.deepEqual(rows, [{ revoked_at: t.clock(), revoked_reason: 'logout' }]);

  const after = await t.post('/api/token/refresh/', { refresh: rotated.refresh });
  assert.equal(after.status, 401);
  assert.equal((await after.json()).code, 'token_not_valid');
});

Deno.test('logout with an older token of the login revokes the login too', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  const login = await t.login('ana');
  const rotated = await (await t.post('/api/token/refresh/', { refresh: login.refresh })).json();
  assert.equal((await t.post('/api/logout/', { refresh: login.refresh })).status, 204);
  assert.equal((await t.post('/api/token/refresh/', { refresh: rotated.refresh })).status, 401);
});

Deno.test('logging out twice, or with an unknown token, is still 204', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  const login = await t.login('ana');
  const other = await t.login('ana');
  assert.equal((await t.post('/api/logout/', { refresh: login.refresh })).status, 204);
  assert.equal((await t.post('/api/logout/', { refresh: login.refresh })).status, 204);
  assert.equal((await t.post('/api/logout/', { refresh: 'never-issued' })).status, 204);
  // Only that login ended.
  const revoked = await t.db.query<{ n: number }>`
    SELECT count(*) AS n FROM sessions WHERE revoked_at IS NOT NULL`;
  assert.deepEqual(revoked, [{ n: 1 }]);
  assert.equal((await t.post('/api/token/refresh/', { refresh: other.refresh })).status, 200);
});

Deno.test('logout without a refresh token is a 400', async () => {
  await using t = await createAccountsTestApp();
  const res = await t.post('/api/logout/', {});
  assert.equal(res.status, 400);
  assert.deepEqual(await res.json(), {
    detail: 'Refresh token is required.',
    error: 'Refresh token is required.',
    code: 'validation_error',
    fields: { refresh: 'Refresh token is required.' },
  });
});

Deno.test('logout by access token alone needs a JSON body: an unreadable one ends nothing', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  const login = await t.login('ana');
  const res = await t.app.request('/api/logout/', {
    method: 'POST',
    headers: { Authorization: `Bearer ${login.access}` },
    body: '{}',
  });
  assert.equal(res.status, 400);
  assert.equal((await res.json()).code, 'validation_error');
  const refreshed = await t.post('/api/token/refresh/', { refresh: login.refresh });
  assert.equal(refreshed.status, 200, 'the session is still alive');
});
