import assert from 'node:assert/strict';
import { verifyPassword } from '../../auth/passwords.ts';
import { createAccountsTestApp, TEST_PASSWORD } from '../../testing/accounts.ts';

const EMAIL = 'ana@example.com';
const NEW_PASSWORD = 'Matinee#Seat42';
const NOT_VERIFIED = {
  detail: 'Please verify the OTP sent to your email first.',
  error: 'Please verify the OTP sent to your email first.',
  code: 'otp_not_verified',
};

type T = Awaited<ReturnType<typeof createAccountsTestApp>>;

async function setUp() {
  const t = await createAccountsTestApp();
  const user = await t.createUser({ username: 'ana', email: EMAIL });
  return Object.assign(t, { user });
}

async function verifiedReset(t: T) {
  assert.equal((await t.post('/api/otp/request/', { email: EMAIL })).status, 200);
  const code = await t.codeFor(EMAIL);
  assert.equal((await t.post('/api/otp/verify/', { email: EMAIL, code })).status, 200);
}

const passwordHash = async (t: T) =>
  (
    await t.db.query<{
      password_hash: string;
    }>`SELECT password_hash FROM users WHERE email = ${EMAIL}`
  )[0]?.password_hash ?? '';

Deno.test('a verified reset sets the new password, signs out every session, and works once', async () => {
  await using t = await setUp();
  const phone = await t.login('ana');
  const laptop = await t.login(EMAIL);
  await verifiedReset(t);

  const res = await t.post('/api/password/reset/', {
    email: 'ANA@example.com',
    new_password: NEW_PASSWORD,
  });
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { message: 'Password reset successful' });

  assert.ok(await verifyPassword(await passwordHash(t), NEW_PASSWORD));
  const sessions = await t.db.query<{ revoked_reason: string | null }>`
    SELECT revoked_reason FROM sessions`;
  assert.deepEqual(sessions, [
    { revoked_reason: 'password_reset' },
    { revoked_reason: 'password_reset' },
  ]);
  for (const { refresh } of [phone, laptop]) {
    assert.equal((await t.post('/api/token/refresh/', { refresh })).status, 401);
  }

  const old = await t.post('/api/login/', { email_or_username: 'ana', password: TEST_PASSWORD });
  assert.equal(old.status, 401);
  assert.equal((await t.login('ana', NEW_PASSWORD)).user.id, t.user.id);

  const again = await t.post('/api/password/reset/', {
    email: EMAIL,
    new_password: 'Another#Pass9',
  });
  assert.equal(again.status, 400);
  assert.deepEqual(await again.json(), NOT_VERIFIED);
  assert.ok(await verifyPassword(await passwordHash(t), NEW_PASSWORD));
});

Deno.test('a reset without a verified code is refused and changes nothing', async () => {
  await using t = await setUp();
  const before = await passwordHash(t);
  const res = await t.post('/api/password/reset/', { email: EMAIL, new_password: NEW_PASSWORD });
  assert.equal(res.status, 400);
  assert.deepEqual(await res.json(), NOT_VERIFIED);

  // A requested but unverified code is not enough, nor is a signup verification.
  assert.equal((await t.post('/api/otp/request/', { email: EMAIL })).status, 200);
  assert.equal(
    (await t.post('/api/password/reset/', { email: EMAIL, new_password: NEW_PASSWORD })).status,
    400,
  );
  await t.verifyEmail('new@example.com');
  const other = await t.post('/api/password/reset/', {
    email: 'new@example.com',
    new_password: NEW_PASSWORD,
  });
  assert.deepEqual(await other.json(), NOT_VERIFIED);
  assert.equal(await passwordHash(t), before);
});

Deno.test('a verified reset lapses after 10 minutes', async () => {
  await using t = await setUp();
  await verifiedReset(t);
  t.clock.advance(10 * 60 * 1000);
  const res = await t.post('/api/password/reset/', { email: EMAIL, new_password: NEW_PASSWORD });
  assert.equal(res.status, 400);
  assert.deepEqual(await res.json(), NOT_VERIFIED);
});

Deno.test('the new password follows the signup rules, and a refusal keeps the verification', async () => {
  await using t = await setUp();
  await verifiedReset(t);
  for (const [new_password, message] of [
    [undefined, 'Password is required.'],
    ['', 'Password is required.'],
    ['12345', 'Password must be at least 6 characters.'],
    ['x'.repeat(129), 'Password must be at most 128 characters.'],
    ['iloveyou', 'This password is too common. Please choose another one.'],
  ] as const) {
    const res = await t.post('/api/password/reset/', { email: EMAIL, new_password });
    assert.equal(res.status, 400);
    const body = await res.json();
    assert.deepEqual(body.fields, { new_password: message });
    assert.equal(body.detail, message);
  }
  const ok = await t.post('/api/password/reset/', { email: EMAIL, new_password: NEW_PASSWORD });
  assert.equal(ok.status, 200);
});
