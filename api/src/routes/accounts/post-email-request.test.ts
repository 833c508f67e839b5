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

Deno.test('email/request answers a registered address exactly like a new one, and tells its owner instead', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  const answers = [];
  for (const email of ['ANA@example.com', 'new@example.com']) {
    const res = await t.post('/api/email/request/', { email });
    answers.push({
      status: res.status,
      body: await res.json(),
      type: res.headers.get('Content-Type'),
      length: res.headers.get('Content-Length'),
    });
  }
  assert.deepEqual(answers[0], answers[1]);
  assert.equal(answers[0]?.status, 200);
  assert.deepEqual(answers[0]?.body, { message: 'OTP sent successfully.' });

  // Both queued one email: a code for the new address, a note (without a code) for the owner.
  assert.deepEqual(await t.db.query`SELECT kind, recipient FROM email_queue ORDER BY id`, [
    { kind: 'signup_attempt_existing', recipient: 'ana@example.com' },
    { kind: 'signup_code', recipient: 'new@example.com' },
  ]);
  await t.settled();
  const [note, ...more] = t.resend.to('ana@example.com');
  assert.deepEqual(more, []);
  assert.equal(note?.subject, 'Someone tried to sign up to CineBook with your email');
  assert.match(note?.text ?? '', /create a CineBook account with this email address/);
  assert.match(note?.text ?? '', /sign in instead, or reset your password/);
  assert.doesNotMatch(`${note?.subject} ${note?.text}`, /\d{6}/);
  assert.match(await t.codeFor('new@example.com'), /^\d{6}$/);
  const codes = await t.db.query`SELECT email FROM verification_codes`;
  assert.deepEqual(codes, [{ email: 'new@example.com' }]);

  // No code exists for the registered address, so none verifies it for a signup.
  const verify = await t.post('/api/email/verify/', { email: 'ana@example.com', code: '123456' });
  assert.equal(verify.status, 400);
  await verify.body?.cancel();

  // The per-address limit is the same for both kinds of address.
  for (const email of ['ana@example.com', 'new@example.com']) {
    for (let i = 0; i < 2; i++) {
      assert.equal((await t.post('/api/email/request/', { email })).status, 200);
    }
    const limited = await t.post('/api/email/request/', { email });
    assert.equal(limited.status, 429, email);
    await limited.body?.cancel();
  }
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
  await t.settled();
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
  await t.settled();
  assert.equal(t.resend.emails.length, 20);
  const other = await t.post(
    '/api/email/request/',
    { email: 'u20@example.com' },
    { ip: '198.51.100.1' },
  );
  assert.equal(other.status, 200);
});

Deno.test('a refused signup email is queued and retried until it goes out: the answer is 200', async () => {
  await using t = await createAccountsTestApp();
  t.resend.failWith = 422;
  const res = await t.post('/api/email/request/', { email: 'ana@example.com' });
  assert.equal(res.status, 200);
  await t.settled();
  assert.equal(t.resend.requests, 1);
  assert.equal(t.resend.emails.length, 0);
  assert.match(
    t.logger.errors[0]?.message ?? '',
    /signup_code email \d+ to ana@example.com failed/,
  );
  assert.match(String(t.logger.errors[0]?.error), /The domain is not verified/);

  // The provider is back; the retry is due 5 s later, with the same Idempotency-Key.
  t.resend.failWith = null;
  t.clock.advance(5_000);
  await t.emails.drain();
  const [email] = t.resend.to('ana@example.com');
  assert.match(email?.subject ?? '', /^Your CineBook verification code: \d{6}$/);
  assert.match(email?.idempotencyKey ?? '', /^cinebook-email-\d+-\d+$/);
  // Sent: the code no longer sits in the queue in the clear.
  assert.deepEqual(await t.db.query`SELECT state, attempts, payload FROM email_queue`, [
    { state: 'sent', attempts: 2, payload: {} },
  ]);
});

Deno.test('code sends count a network: addresses of one IPv6 /64 or ports of one address share the 20', async () => {
  await using t = await createAccountsTestApp();
  for (let i = 0; i < 20; i++) {
    const res = await t.post(
      '/api/email/request/',
      { email: `u${i}@example.com` },
      { ip: `2001:db8:7:1::${(i + 1).toString(16)}` },
    );
    assert.equal(res.status, 200);
  }
  for (const ip of ['2001:db8:7:1::ffff', '[2001:db8:7:1:1::1]:443']) {
    const res = await t.post('/api/email/request/', { email: 'v@example.com' }, { ip });
    assert.equal(res.status, 429, ip);
    await res.body?.cancel();
  }
  // otp/request counts against the same network.
  const otp = await t.post(
    '/api/otp/request/',
    { email: 'v@example.com' },
    { ip: '2001:db8:7:1::9' },
  );
  assert.equal(otp.status, 429);
  await otp.body?.cancel();

  for (let port = 50000; port < 50020; port++) {
    const res = await t.post(
      '/api/email/request/',
      { email: `p${port}@example.com` },
      { ip: `198.51.100.7:${port}` },
    );
    assert.equal(res.status, 200);
  }
  const ported = await t.post(
    '/api/email/request/',
    { email: 'w@example.com' },
    { ip: '198.51.100.7:1' },
  );
  assert.equal(ported.status, 429);
  await ported.body?.cancel();
});

Deno.test('code sends from the /64s of one IPv6 /48 stop at 60', async () => {
  await using t = await createAccountsTestApp();
  const statuses: number[] = [];
  for (let i = 0; i < 61; i++) {
    const res = await t.post(
      '/api/email/request/',
      { email: `u${i}@example.com` },
      { ip: `2001:db8:7:${(i + 1).toString(16)}::1` },
    );
    statuses.push(res.status);
    await res.body?.cancel();
  }
  assert.deepEqual(statuses.slice(0, 60), new Array(60).fill(200));
  assert.equal(statuses[60], 429);
});
