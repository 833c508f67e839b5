import assert from 'node:assert/strict';
import { createAccountsTestApp } from '../../testing/accounts.ts';

const SENT = { message: 'OTP sent successfully.' };

Deno.test('otp/request emails a password reset code to an account’s address', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  const res = await t.post('/api/otp/request/', { email: ' ANA@example.com ' });
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), SENT);

  const code = await t.codeFor('ana@example.com');
  const [email] = t.resend.to('ana@example.com');
  assert.ok(email);
  assert.equal(email.subject, `Your CineBook password reset code: ${code}`);
  assert.match(email.text, new RegExp(`Your CineBook password reset code is ${code}\\.`));
  assert.match(email.text, /This code expires in 10 minutes\./);
  const rows = await t.db.query<{ purpose: string }>`
    SELECT purpose FROM verification_codes WHERE email = 'ana@example.com'`;
  assert.deepEqual(rows, [{ purpose: 'password_reset' }]);
});

Deno.test('otp/request answers an unknown address identically and sends nothing', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  const known = await t.post('/api/otp/request/', { email: 'ana@example.com' });
  const unknown = await t.post('/api/otp/request/', { email: 'nobody@example.com' });
  assert.equal(unknown.status, known.status);
  assert.deepEqual(await unknown.json(), await known.json());
  assert.deepEqual(
    [...unknown.headers.keys()].filter((k) => k !== 'x-request-id'),
    [...known.headers.keys()].filter((k) => k !== 'x-request-id'),
  );
  await t.settled();
  assert.deepEqual(t.resend.to('nobody@example.com'), []);
  assert.equal(t.resend.emails.length, 1);
  assert.deepEqual(
    await t.db.query`SELECT id FROM verification_codes WHERE email = 'nobody@example.com'`,
    [],
  );
});

Deno.test('otp/request is limited per address whether or not it has an account', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  for (const email of ['ana@example.com', 'nobody@example.com']) {
    for (let i = 0; i < 3; i++) {
      assert.equal((await t.post('/api/otp/request/', { email })).status, 200);
    }
    const limited = await t.post('/api/otp/request/', { email });
    assert.equal(limited.status, 429);
    assert.equal(limited.headers.get('Retry-After'), String(15 * 60));
    assert.equal(
      (await limited.json()).detail,
      'Too many codes were requested for this email. Please try again in 15 minutes.',
    );
  }
  await t.settled();
  assert.equal(t.resend.emails.length, 3);
});

Deno.test('otp/request refuses a missing or malformed email with the spec messages', async () => {
  await using t = await createAccountsTestApp();
  for (const [payload, message] of [
    [{}, 'Email is required.'],
    [{ email: '' }, 'Email is required.'],
    [{ email: 'ana@' }, 'Enter a valid email address.'],
  ] as const) {
    const res = await t.post('/api/otp/request/', payload);
    assert.equal(res.status, 400);
    assert.deepEqual((await res.json()).fields, { email: message });
  }
});

Deno.test('a failed reset email is logged; the answer stays the same', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  t.resend.failWith = 500;
  const res = await t.post('/api/otp/request/', { email: 'ana@example.com' });
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), SENT);
  await t.settled();
  assert.equal(t.logger.errors.length, 1);
  assert.match(
    t.logger.errors[0]?.message ?? '',
    /password_reset_code email \d+ to ana@example.com/,
  );
});
