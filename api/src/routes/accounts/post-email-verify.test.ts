import assert from 'node:assert/strict';
import { createAccountsTestApp } from '../../testing/accounts.ts';

const EMAIL = 'ana@example.com';
const INVALID = { detail: 'Invalid OTP.', error: 'Invalid OTP.', code: 'invalid_otp' };

/** A code that is not `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function requested(t: Awaited<ReturnType<typeof createAccountsTestApp>>) {
  assert.equal((await t.post('/api/email/request/', { email: EMAIL })).status, 200);
  return await t.codeFor(EMAIL);
}

const state = (t: Awaited<ReturnType<typeof createAccountsTestApp>>) =>
  t.db.query<{ attempts: number; verified_at: Date | null; verified_until: Date | null }>`
    SELECT attempts, verified_at, verified_until FROM verification_codes WHERE email = ${EMAIL}`;

Deno.test('the right code verifies the address for signup for 30 minutes', async () => {
  await using t = await createAccountsTestApp();
  const code = await requested(t);
  const res = await t.post('/api/email/verify/', { email: ' ANA@example.com', code });
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.deepEqual(body, {
    message: 'Email verified successfully.',
    signup_token: body.signup_token,
  });
  assert.match(body.signup_token, /^[A-Za-z0-9_-]{43}$/);
  const now = t.clock().getTime();
  assert.deepEqual(await state(t), [
    { attempts: 0, verified_at: new Date(now), verified_until: new Date(now + 30 * 60 * 1000) },
  ]);
});

Deno.test('a wrong code is refused with Invalid OTP. and counted', async () => {
  await using t = await createAccountsTestApp();
  const code = await requested(t);
  const res = await t.post('/api/email/verify/', { email: EMAIL, code: wrong(code) });
  assert.equal(res.status, 400);
  assert.deepEqual(await res.json(), INVALID);
  assert.deepEqual(await state(t), [{ attempts: 1, verified_at: null, verified_until: null }]);
});

Deno.test('a code works once: the second use is refused', async () => {
  await using t = await createAccountsTestApp();
  const code = await requested(t);
  assert.equal((await t.post('/api/email/verify/', { email: EMAIL, code })).status, 200);
  const again = await t.post('/api/email/verify/', { email: EMAIL, code });
  assert.equal(again.status, 400);
  assert.deepEqual(await again.json(), INVALID);
});

Deno.test('a code is refused once its 10 minutes are over', async () => {
  await using t = await createAccountsTestApp();
  const code = await requested(t);
  t.clock.advance(10 * 60 * 1000);
  const res = await t.post('/api/email/verify/', { email: EMAIL, code });
  assert.equal(res.status, 400);
  assert.deepEqual(await res.json(), INVALID);
  assert.equal((await state(t))[0]?.verified_at, null);
});

Deno.test('after 5 wrong tries the 6th fails even with the right code', async () => {
  await using t = await createAccountsTestApp();
  const code = await requested(t);
  for (let i = 0; i < 5; i++) {
    const res = await t.post('/api/email/verify/', { email: EMAIL, code: wrong(code) });
    assert.equal(res.status, 400);
  }
  const sixth = await t.post('/api/email/verify/', { email: EMAIL, code });
  assert.equal(sixth.status, 400);
  assert.deepEqual(await sixth.json(), INVALID);
  assert.deepEqual(await state(t), [{ attempts: 5, verified_at: null, verified_until: null }]);
  // A new code starts afresh.
  const fresh = await requested(t);
  assert.equal((await t.post('/api/email/verify/', { email: EMAIL, code: fresh })).status, 200);
});

Deno.test('a newer code replaces the older one', async () => {
  await using t = await createAccountsTestApp();
  const first = await requested(t);
  let second = await requested(t);
  while (second === first) second = await requested(t); // one chance in a million
  assert.equal((await t.post('/api/email/verify/', { email: EMAIL, code: first })).status, 400);
  assert.equal((await t.post('/api/email/verify/', { email: EMAIL, code: second })).status, 200);
});

Deno.test('a code verifies only the address it was sent to', async () => {
  await using t = await createAccountsTestApp();
  const code = await requested(t);
  const res = await t.post('/api/email/verify/', { email: 'bia@example.com', code });
  assert.equal(res.status, 400);
  assert.deepEqual(await res.json(), INVALID);
});

Deno.test('email/verify needs an email and a code; a malformed code is invalid and not counted', async () => {
  await using t = await createAccountsTestApp();
  await requested(t);
  const missing = await t.post('/api/email/verify/', { email: EMAIL });
  assert.equal(missing.status, 400);
  assert.deepEqual((await missing.json()).fields, { code: 'OTP is required.' });
  const noEmail = await t.post('/api/email/verify/', { code: '123456' });
  assert.deepEqual((await noEmail.json()).fields, { email: 'Email is required.' });
  for (const code of ['12345', '1234567', 'abcdef', '12 456']) {
    const res = await t.post('/api/email/verify/', { email: EMAIL, code });
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), INVALID);
  }
  assert.equal((await state(t))[0]?.attempts, 0);
});
