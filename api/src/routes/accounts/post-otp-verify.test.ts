import assert from 'node:assert/strict';
import { createAccountsTestApp } from '../../testing/accounts.ts';

const EMAIL = 'ana@example.com';
const INVALID = { detail: 'Invalid OTP', error: 'Invalid OTP', code: 'invalid_otp' };

type T = Awaited<ReturnType<typeof createAccountsTestApp>>;
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function requested(t: T) {
  assert.equal((await t.post('/api/otp/request/', { email: EMAIL })).status, 200);
  return await t.codeFor(EMAIL);
}

async function setUp() {
  const t = await createAccountsTestApp();
  await t.createUser({ username: 'ana', email: EMAIL });
  return t;
}

Deno.test('the right reset code answers OTP Verified and a reset token good for 10 minutes', async () => {
  await using t = await setUp();
  const code = await requested(t);
  const res = await t.post('/api/otp/verify/', { email: 'Ana@Example.com', code });
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.deepEqual(body, { message: 'OTP Verified', reset_token: body.reset_token });
  assert.match(body.reset_token, /^[A-Za-z0-9_-]{43}$/);
  const [row] = await t.db.query<{ verified_until: Date }>`
    SELECT verified_until FROM verification_codes WHERE email = ${EMAIL}`;
  assert.deepEqual(row?.verified_until, new Date(t.clock().getTime() + 10 * 60 * 1000));
});

Deno.test('a wrong reset code is refused with Invalid OTP', async () => {
  await using t = await setUp();
  const code = await requested(t);
  const res = await t.post('/api/otp/verify/', { email: EMAIL, code: wrong(code) });
  assert.equal(res.status, 400);
  assert.deepEqual(await res.json(), INVALID);
});

Deno.test('a reset code fails when used twice, when expired, and on the 6th try', async () => {
  await using t = await setUp();
  const once = await requested(t);
  assert.equal((await t.post('/api/otp/verify/', { email: EMAIL, code: once })).status, 200);
  assert.deepEqual(
    await (await t.post('/api/otp/verify/', { email: EMAIL, code: once })).json(),
    INVALID,
  );

  const expired = await requested(t);
  t.clock.advance(10 * 60 * 1000 + 1);
  assert.equal((await t.post('/api/otp/verify/', { email: EMAIL, code: expired })).status, 400);

  const guessed = await requested(t);
  for (let i = 0; i < 5; i++) {
    assert.equal(
      (await t.post('/api/otp/verify/', { email: EMAIL, code: wrong(guessed) })).status,
      400,
    );
  }
  const sixth = await t.post('/api/otp/verify/', { email: EMAIL, code: guessed });
  assert.equal(sixth.status, 400);
  assert.deepEqual(await sixth.json(), INVALID);
});

Deno.test('a signup code does not verify a password reset, nor the other way round', async () => {
  await using t = await setUp();
  assert.equal((await t.post('/api/email/request/', { email: 'new@example.com' })).status, 200);
  const signupCode = await t.codeFor('new@example.com');
  const asReset = await t.post('/api/otp/verify/', { email: 'new@example.com', code: signupCode });
  assert.deepEqual(await asReset.json(), INVALID);

  const resetCode = await requested(t);
  const asSignup = await t.post('/api/email/verify/', { email: EMAIL, code: resetCode });
  assert.equal(asSignup.status, 400);
  assert.equal((await asSignup.json()).detail, 'Invalid OTP.');
  // Both codes still work for their own purpose.
  assert.equal(
    (await t.post('/api/email/verify/', { email: 'new@example.com', code: signupCode })).status,
    200,
  );
  assert.equal((await t.post('/api/otp/verify/', { email: EMAIL, code: resetCode })).status, 200);
});

Deno.test('otp/verify for an address without an account is just an invalid code', async () => {
  await using t = await setUp();
  const res = await t.post('/api/otp/verify/', { email: 'nobody@example.com', code: '123456' });
  assert.equal(res.status, 400);
  assert.deepEqual(await res.json(), INVALID);
});

Deno.test('otp/verify needs the code', async () => {
  await using t = await setUp();
  const res = await t.post('/api/otp/verify/', { email: EMAIL, code: '' });
  assert.equal(res.status, 400);
  assert.deepEqual((await res.json()).fields, { code: 'OTP is required.' });
});
