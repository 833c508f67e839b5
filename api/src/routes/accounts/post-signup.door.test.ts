// Door staff through the accounts flows (docs/decisions/0040-door-staff.md): an invited address
// signs up through the spec's OTP signup and becomes a 'door' account bound to the owner who
// invited it, whatever role the form chose; once removed, it can no longer sign in.
import assert from 'node:assert/strict';
import { createAccountsTestApp, TEST_PASSWORD } from '../../testing/accounts.ts';
import { DOOR_STAFF_REMOVED } from './messages.ts';

type T = Awaited<ReturnType<typeof createAccountsTestApp>>;

async function ownerToken(t: T, username = 'olga') {
  const owner = await t.createUser({ username, email: `${username}@example.com`, role: 'owner' });
  return { owner, token: (await t.login(owner.email)).access };
}

async function signUp(t: T, email: string, role: 'user' | 'owner' = 'owner') {
  const signup_token = await t.verifyEmail(email);
  return await t.post('/api/signup/', {
    username: 'dora',
    email,
    password: TEST_PASSWORD,
    role,
    signup_token,
  });
}

Deno.test('an invited address signs up as door staff of the owner, whatever role it chose, and logs in as door', async () => {
  await using t = await createAccountsTestApp();
  const { owner, token } = await ownerToken(t);
  const invited = await t.post('/api/door-staff/', { email: 'Dora@Example.com' }, { token });
  assert.equal(invited.status, 201);
  await t.settled();
  const invitation = t.resend.emails.find((e) => e.to.includes('dora@example.com'));
  assert.ok(invitation, 'the invitation went out through Resend');
  assert.match(invitation.subject, /olga invited you/);
  assert.match(invitation.text, /\/auth\/signup/);

  const res = await signUp(t, 'dora@example.com', 'owner');
  assert.equal(res.status, 201);
  const user = await res.json();
  assert.deepEqual(user, {
    id: user.id,
    username: 'dora',
    email: 'dora@example.com',
    role: 'door',
  });
  const rows = await t.db.query`
    SELECT owner_id, user_id, joined_at IS NOT NULL AS joined FROM door_staff`;
  assert.deepEqual(rows, [{ owner_id: owner.id, user_id: user.id, joined: true }]);

  const login = await t.login('dora');
  assert.equal(login.role, 'door');
  assert.equal(login.user.role, 'door');
  const listed = await (await t.get('/api/door-staff/', { token })).json();
  assert.deepEqual(
    listed.results.map((r: Record<string, unknown>) => [r.email, r.status, r.username]),
    [['dora@example.com', 'active', 'dora']],
  );
  // Its account may not invite or list: it is door staff, not an owner.
  const refused = await t.get('/api/door-staff/', { token: login.access });
  assert.equal(refused.status, 403);
});

Deno.test('removed door staff: their tokens stop at once and a login is refused with a clear 403', async () => {
  await using t = await createAccountsTestApp();
  const { token } = await ownerToken(t);
  const { id } = await (await t.post('/api/door-staff/', { email: 'dora@x.io' }, { token })).json();
  assert.equal((await signUp(t, 'dora@x.io')).status, 201);
  const dora = await t.login('dora');
  assert.equal((await t.get('/api/profile/', { token: dora.access })).status, 200);

  const removed = await t.app.request(`/api/door-staff/${id}/`, {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${token}` },
  });
  assert.equal(removed.status, 204);
  assert.equal((await t.get('/api/profile/', { token: dora.access })).status, 401);
  const refreshed = await t.post('/api/token/refresh/', { refresh: dora.refresh });
  assert.equal(refreshed.status, 401);

  const login = await t.post('/api/login/', { email_or_username: 'dora', password: TEST_PASSWORD });
  assert.equal(login.status, 403);
  assert.deepEqual(await login.json(), {
    detail: DOOR_STAFF_REMOVED,
    code: 'door_staff_removed',
    error: DOOR_STAFF_REMOVED,
  });
  // A wrong password learns nothing more than for anyone.
  const wrong = await t.post('/api/login/', { email_or_username: 'dora', password: 'nope-nope' });
  assert.equal(wrong.status, 401);
  assert.equal((await wrong.json()).code, 'invalid_credentials');
  assert.equal(
    (
      await t.db.query`SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id
                                  WHERE u.username = 'dora'`
    ).length,
    0,
  );
});

Deno.test('an invitation removed before signup binds nothing: the address signs up with the role it chose', async () => {
  await using t = await createAccountsTestApp();
  const { token } = await ownerToken(t);
  const { id } = await (await t.post('/api/door-staff/', { email: 'dora@x.io' }, { token })).json();
  const removed = await t.app.request(`/api/door-staff/${id}/`, {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${token}` },
  });
  assert.equal(removed.status, 204);
  const res = await signUp(t, 'dora@x.io', 'user');
  assert.equal(res.status, 201);
  assert.equal((await res.json()).role, 'user');
  assert.equal((await t.db.query`SELECT 1 FROM door_staff WHERE user_id IS NOT NULL`).length, 0);
});

Deno.test('a signed-up address cannot be invited: 409', async () => {
  await using t = await createAccountsTestApp();
  const { token } = await ownerToken(t);
  assert.equal((await signUp(t, 'dora@x.io', 'user')).status, 201);
  const res = await t.post('/api/door-staff/', { email: 'dora@x.io' }, { token });
  assert.equal(res.status, 409);
  assert.equal((await res.json()).code, 'email_has_account');
});
