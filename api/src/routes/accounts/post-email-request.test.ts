import assert from 'node:assert/strict';
import { createAccountsTestApp } from '../../testing/accounts.ts';

type Row = {
  email: string;
  purpose: string;
  code_hash: string;
  attempts: number;
  expires_at: Date;
};

Deno.test('email/request sends a code that expires in 10 minutes and stores only its hash', async () => {
  await using t = await createAccountsTestApp();
  const res = await t.post('/api/email/request/', { email: 'Ana@Example.com' });
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { message: 'OTP sent successfully.' });

  const code = await t.codeFor('ana@example.com');
  const rows = await t.db.query<Row>`
    SELECT email, purpose, code_hash, attempts, expires_at FROM verification_codes`;
  assert.equal(rows.length, 1);
  const [row] = rows;
  assert.ok(row);
  assert.equal(row.email, 'ana@example.com');
  assert.equal(row.purpose, 'signup');
  assert.equal(row.attempts, 0);
  assert.match(row.code_hash, /^[0-9a-f]{64}$/);
  assert.ok(!row.code_hash.includes(code));
  assert.deepEqual(row.expires_at, new Date(t.clock().getTime() + 10 * 60 * 1000));
});

Deno.test('email/request refuses a missing or malformed email with the spec messages', async () => {
  await using t = await createAccountsTestApp();
  const cases: [unknown, string][] = [
    [{}, 'Email is required.'],
    [{ email: '   ' }, 'Email is required.'],
    [{ email: 42 }, 'Email is required.'],
    [{ email: 'ana' }, 'Enter a valid email.'],
    [{ email: 'ana@example' }, 'Enter a valid email.'],
    [{ email: `${'a'.repeat(250)}@example.com` }, 'Enter a valid email.'],
  ];
  for (const [payload, message] of cases) {
    const res = await t.post('/api/email/request/', payload);
    assert.equal(res.status, 400, JSON.stringify(payload));
    assert.deepEqual(await res.json(), {
      detail: message,
      error: message,
      code: 'validation_error',
      fields: { email: message },
    });
  }
  assert.equal(t.resend.emails.length, 0);
  assert.deepEqual(await t.db.query`SELECT id FROM verification_codes`, []);
});

Deno.test('email/request for an address that has an account says so and sends nothing', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  const res = await t.post('/api/email/request/', { email: 'ANA@example.com' });
  assert.equal(res.status, 400);
  assert.deepEqual(await res.json(), {
    detail: 'A user with this email already exists.',
    error: 'A user with this email already exists.',
    code: 'validation_error',
    fields: { email: 'A user with this email already exists.' },
  });
  assert.equal(t.resend.emails.length, 0);
  assert.deepEqual(await t.db.query`SELECT id FROM verification_codes`, []);
});

Deno.test('email/request sends at most 3 codes per address in 15 minutes, then 429 with Retry-After', async () => {
  await using t = await createAccountsTestApp();
  for (let i = 0; i < 3; i++) {
    assert.equal((await t.post('/api/email/request/', { email: 'ana@example.com' })).status, 200);
    t.clock.advance(60 * 1000);
  }
  const limited = await t.post('/api/email/request/', { email: 'ANA@example.com' });
  assert.equal(limited.status, 429);
  // The first send leaves the window 15 minutes after it happened, 3 minutes ago.
  assert.equal(limited.headers.get('Retry-After'), String(12 * 60));
  assert.deepEqual(await limited.json(), {
    detail: 'Too many codes were requested for this email. Please try again in 12 minutes.',
    error: 'Too many codes were requested for this email. Please try again in 12 minutes.',
    code: 'too_many_requests',
  });
  assert.equal(t.resend.to('ana@example.com').length, 3);
  // Each new code replaced the previous one: one pending code is kept.
  const codes = await t.db.query`SELECT id FROM verification_codes WHERE email = 'ana@example.com'`;
  assert.equal(codes.length, 1);

  // Another address is not affected, and the first one may ask again once the window passed.
  assert.equal((await t.post('/api/email/request/', { email: 'bia@example.com' })).status, 200);
  t.clock.advance(12 * 60 * 1000);
  assert.equal((await t.post('/api/email/request/', { email: 'ana@example.com' })).status, 200);
});

Deno.test('email/request sends at most 20 codes per IP in 15 minutes, whatever the address', async () => {
  await using t = await createAccountsTestApp();
  for (let i = 0; i < 20; i++) {
    const res = await t.post(
      '/api/email/request/',
      { email: `u${i}@example.com` },
      { ip: '203.0.113.7' },
    );
    assert.equal(res.status, 200);
  }
  const limited = await t.post(
    '/api/email/request/',
    { email: 'u20@example.com' },
    { ip: '203.0.113.7' },
  );
  assert.equal(limited.status, 429);
  assert.equal(limited.headers.get('Retry-After'), String(15 * 60));
  assert.equal(
    (await limited.json()).detail,
    'Too many codes were requested from your network. Please try again in 15 minutes.',
  );
  assert.equal(t.resend.emails.length, 20);
  const other = await t.post(
    '/api/email/request/',
    { email: 'u20@example.com' },
    { ip: '198.51.100.1' },
  );
  assert.equal(other.status, 200);
});

Deno.test('email/request answers 502 with a clear message when Resend refuses the email', async () => {
  await using t = await createAccountsTestApp();
  t.resend.failWith = 422;
  const res = await t.post('/api/email/request/', { email: 'ana@example.com' });
  assert.equal(res.status, 502);
  assert.deepEqual(await res.json(), {
    detail: 'We could not send the email. Please try again in a moment.',
    error: 'We could not send the email. Please try again in a moment.',
    code: 'email_not_sent',
  });
  assert.equal(t.logger.errors.length, 1);
  assert.match(String(t.logger.errors[0]?.error), /The domain is not verified/);
});
