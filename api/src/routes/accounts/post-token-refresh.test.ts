import assert from 'node:assert/strict';
import { sha256Hex } from '../../auth/secrets.ts';
import { createAccountsTestApp } from '../../testing/accounts.ts';
import { REFRESH_REUSE_GRACE_SECONDS, SESSION_MAX_AGE_SECONDS } from './sessions.ts';

const INVALID = {
  detail: 'Invalid or expired refresh token.',
  error: 'Invalid or expired refresh token.',
  code: 'token_not_valid',
};

type T = Awaited<ReturnType<typeof createAccountsTestApp>>;

const refresh = (t: T, token: unknown) => t.post('/api/token/refresh/', { refresh: token });

const sessions = (t: T) =>
  t.db.query<{
    revoked_reason: string | null;
  }>`SELECT revoked_reason FROM sessions ORDER BY created_at`;

Deno.test('a refresh token buys a new access token and a new refresh token; the old one is spent', async () => {
  await using t = await createAccountsTestApp();
  const ana = await t.createUser({ username: 'ana', email: 'ana@example.com' });
  const login = await t.login('ana');
  t.clock.advance(20 * 60 * 1000); // the access token has expired meanwhile
  assert.equal((await t.get('/api/profile/', { token: login.access })).status, 401);

  const res = await refresh(t, login.refresh);
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.deepEqual(Object.keys(body).sort(), ['access', 'refresh']);
  assert.notEqual(body.refresh, login.refresh);
  const profile = await t.get('/api/profile/', { token: body.access });
  assert.equal(profile.status, 200);
  assert.equal((await profile.json()).id, ana.id);

  const rows = await t.db.query<{ token_hash: string; rotated_at: Date | null }>`
    SELECT token_hash, rotated_at FROM refresh_tokens ORDER BY id`;
  assert.deepEqual(rows, [
    { token_hash: sha256Hex(login.refresh), rotated_at: t.clock() },
    { token_hash: sha256Hex(body.refresh), rotated_at: null },
  ]);
  // And the new one rotates in turn.
  assert.equal((await refresh(t, body.refresh)).status, 200);
});

Deno.test('reusing a spent refresh token revokes the whole login, including the newest token', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  const login = await t.login('ana');
  t.clock.advance(1000);
  const other = await t.login('ana'); // another device: a separate session
  const first = await (await refresh(t, login.refresh)).json();
  const second = await (await refresh(t, first.refresh)).json();
  t.clock.advance(REFRESH_REUSE_GRACE_SECONDS * 1000); // no longer a tab that raced

  const reused = await refresh(t, login.refresh);
  assert.equal(reused.status, 401);
  assert.deepEqual(await reused.json(), INVALID);
  assert.deepEqual(await sessions(t), [{ revoked_reason: 'reuse' }, { revoked_reason: null }]);

  for (const token of [second.refresh, first.refresh]) {
    const res = await refresh(t, token);
    assert.equal(res.status, 401);
    assert.deepEqual(await res.json(), INVALID);
  }
  // The other device keeps working.
  assert.equal((await refresh(t, other.refresh)).status, 200);
});

Deno.test('a refresh token expires after 14 days', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  const login = await t.login('ana');
  t.clock.advance(14 * 24 * 60 * 60 * 1000);
  const res = await refresh(t, login.refresh);
  assert.equal(res.status, 401);
  assert.deepEqual(await res.json(), INVALID);
});

Deno.test('a login lasts 30 days however often it is refreshed; then the user signs in again', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  const DAY = 24 * 60 * 60 * 1000;
  assert.equal(SESSION_MAX_AGE_SECONDS, 30 * 24 * 60 * 60);
  const login = await t.login('ana');
  const started = t.clock().getTime();
  // Refreshed every 13 days, each token renewed for 14: day 13 and day 26 still work.
  let token = login.refresh;
  for (let i = 0; i < 2; i++) {
    t.clock.advance(13 * DAY);
    const res = await refresh(t, token);
    assert.equal(res.status, 200);
    token = (await res.json()).refresh;
  }
  // The token of day 26 runs out with the login (day 30), not 14 days later.
  const [row] = await t.db.query<{ expires_at: Date }>`
    SELECT expires_at FROM refresh_tokens WHERE token_hash = ${sha256Hex(token)}`;
  assert.equal(row?.expires_at.getTime(), started + 30 * DAY);
  t.clock.advance(4 * DAY - 1000);
  const lastMinute = await refresh(t, token);
  assert.equal(lastMinute.status, 200);
  token = (await lastMinute.json()).refresh;
  t.clock.advance(1000);
  const res = await refresh(t, token);
  assert.equal(res.status, 401);
  assert.deepEqual(await res.json(), INVALID);
  // Signing in again starts a new login.
  const again = await t.login('ana');
  assert.equal((await refresh(t, again.refresh)).status, 200);
});

Deno.test('a token issued before the lifetime was cut still dies with its login', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  const login = await t.login('ana');
  // As a token renewed for 14 days on day 29 by an earlier version would be.
  await t.db.query`UPDATE refresh_tokens SET expires_at = expires_at + interval '60 days'`;
  t.clock.advance(SESSION_MAX_AGE_SECONDS * 1000);
  const res = await refresh(t, login.refresh);
  assert.equal(res.status, 401);
});

Deno.test('an unknown token or an access token is not a refresh token', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  const login = await t.login('ana');
  for (const token of ['nope', login.access, `${login.refresh}x`]) {
    const res = await refresh(t, token);
    assert.equal(res.status, 401);
    assert.deepEqual(await res.json(), INVALID);
  }
  assert.deepEqual(await sessions(t), [{ revoked_reason: null }]);
});

Deno.test('token/refresh without a token is a 400', async () => {
  await using t = await createAccountsTestApp();
  for (const body of [{}, { refresh: '' }, { refresh: null }]) {
    const res = await t.post('/api/token/refresh/', body);
    assert.equal(res.status, 400);
    assert.deepEqual((await res.json()).fields, { refresh: 'Refresh token is required.' });
  }
});

Deno.test('a deleted user’s refresh token stops working', async () => {
  await using t = await createAccountsTestApp();
  const ana = await t.createUser({ username: 'ana', email: 'ana@example.com' });
  const login = await t.login('ana');
  await t.db.query`DELETE FROM users WHERE id = ${ana.id}`;
  assert.equal((await refresh(t, login.refresh)).status, 401);
  assert.deepEqual(await t.db.query`SELECT id FROM refresh_tokens`, []);
});

// ---- two tabs refreshing at once ---------------------------------------------------------------

Deno.test('ten parallel refreshes of one token all get the same successor; the login lives on', async () => {
  await using t = await createAccountsTestApp();
  const ana = await t.createUser({ username: 'ana', email: 'ana@example.com' });
  const login = await t.login('ana');

  const answers = await Promise.all(Array.from({ length: 10 }, () => refresh(t, login.refresh)));
  assert.deepEqual(
    answers.map((res) => res.status),
    Array(10).fill(200),
  );
  const bodies: { access: string; refresh: string }[] = await Promise.all(
    answers.map((res) => res.json()),
  );
  const successors = new Set(bodies.map((b) => b.refresh));
  assert.equal(successors.size, 1);
  assert.ok(!successors.has(login.refresh));
  for (const { access } of bodies) {
    const profile = await t.get('/api/profile/', { token: access });
    assert.equal(profile.status, 200);
    assert.equal((await profile.json()).id, ana.id);
  }
  assert.deepEqual(await sessions(t), [{ revoked_reason: null }]);
  // One successor was issued, and only its hash is stored.
  const rows = await t.db.query<{ token_hash: string }>`
    SELECT token_hash FROM refresh_tokens ORDER BY id`;
  assert.deepEqual(rows, [
    { token_hash: sha256Hex(login.refresh) },
    { token_hash: sha256Hex(bodies[0]?.refresh ?? '') },
  ]);
  // The successor rotates as usual.
  assert.equal((await refresh(t, bodies[0]?.refresh)).status, 200);
});

Deno.test('a token presented again within the grace gets the successor; after it, the login is revoked', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  const login = await t.login('ana');
  const first = await (await refresh(t, login.refresh)).json();

  t.clock.advance(REFRESH_REUSE_GRACE_SECONDS * 1000 - 1);
  const late = await refresh(t, login.refresh);
  assert.equal(late.status, 200);
  const again = await late.json();
  assert.equal(again.refresh, first.refresh);
  assert.notEqual(again.access, first.access); // a fresh access token, issued now

  // The grace counts from the first rotation: presenting the token again does not extend it.
  t.clock.advance(1);
  const reused = await refresh(t, login.refresh);
  assert.equal(reused.status, 401);
  assert.deepEqual(await reused.json(), INVALID);
  assert.deepEqual(await sessions(t), [{ revoked_reason: 'reuse' }]);
  assert.equal((await refresh(t, first.refresh)).status, 401);
  assert.equal((await t.get('/api/profile/', { token: again.access })).status, 401);
});

Deno.test('within the grace a tab that fell two rotations behind gets the newest live token', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  const login = await t.login('ana');
  const first = await (await refresh(t, login.refresh)).json();
  t.clock.advance(1000);
  const second = await (await refresh(t, first.refresh)).json();

  const behind = await refresh(t, login.refresh);
  assert.equal(behind.status, 200);
  assert.equal((await behind.json()).refresh, second.refresh);
  assert.deepEqual(await sessions(t), [{ revoked_reason: null }]);
});

Deno.test('within the grace a logged-out login stays logged out', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  const login = await t.login('ana');
  const first = await (await refresh(t, login.refresh)).json();
  assert.equal((await t.post('/api/logout/', { refresh: first.refresh })).status, 204);
  for (const token of [login.refresh, first.refresh]) {
    const res = await refresh(t, token);
    assert.equal(res.status, 401);
    assert.deepEqual(await res.json(), INVALID);
  }
});
