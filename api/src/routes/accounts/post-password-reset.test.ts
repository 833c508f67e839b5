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

/** otp/request + otp/verify as the owner's browser does them; the reset token it was given. */
async function verifiedReset(t: T, email = EMAIL): Promise<string> {
  assert.equal((await t.post('/api/otp/request/', { email })).status, 200);
  const code = await t.codeFor(email);
  const res = await t.post('/api/otp/verify/', { email, code });
  assert.equal(res.status, 200);
  return (await res.json()).reset_token;
}

const passwordHash = async (t: T, email = EMAIL) =>
  (
    await t.db.query<{
      password_hash: string;
    }>`SELECT password_hash FROM users WHERE email = ${email}`
  )[0]?.password_hash ?? '';

Deno.test('a verified reset sets the new password, signs out every session, and works once', async () => {
  await using t = await setUp();
  const phone = await t.login('ana');
  const laptop = await t.login(EMAIL);
  const reset_token = await verifiedReset(t);

  const res = await t.post('/api/password/reset/', {
    email: 'ANA@example.com',
    new_password: NEW_PASSWORD,
    reset_token,
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
    reset_token,
  });
  assert.equal(again.status, 400);
  assert.deepEqual(await again.json(), NOT_VERIFIED);
  assert.ok(await verifyPassword(await passwordHash(t), NEW_PASSWORD));
});

Deno.test('an attacker who knows the email cannot reset the password after the owner verified the code', async () => {
  await using t = await setUp();
  const before = await passwordHash(t);
  const reset_token = await verifiedReset(t);
  const attacker = { ip: '203.0.113.66' };

  // The spec's payload alone, a made-up token, an empty one, one that is not a string.
  for (const proof of [{}, { reset_token: 'A'.repeat(43) }, { reset_token: '' }]) {
    const res = await t.post(
      '/api/password/reset/',
      { email: EMAIL, new_password: 'Hijacked#Seat1', ...proof },
      attacker,
    );
    assert.equal(res.status, 400, JSON.stringify(proof));
    assert.deepEqual(await res.json(), NOT_VERIFIED);
  }
  const notText = await t.post(
    '/api/password/reset/',
    { email: EMAIL, new_password: 'Hijacked#Seat1', reset_token: 12345 },
    attacker,
  );
  assert.equal(notText.status, 400);
  assert.deepEqual((await notText.json()).fields, {
    reset_token: 'Please verify the OTP sent to your email first.',
  });
  assert.equal(await passwordHash(t), before);
  assert.equal((await t.login('ana')).user.id, t.user.id);

  // The owner's browser, which holds the token, still can.
  const res = await t.post('/api/password/reset/', {
    email: EMAIL,
    new_password: NEW_PASSWORD,
    reset_token,
  });
  assert.equal(res.status, 200);
});

Deno.test('otp/verify hands out a fresh unguessable reset token and stores only its digest', async () => {
  await using t = await setUp();
  const first = await verifiedReset(t);
  const second = await verifiedReset(t);
  for (const token of [first, second]) assert.match(token, /^[A-Za-z0-9_-]{43}$/);
  assert.notEqual(first, second);
  const rows = await t.db.query<Record<string, unknown>>`SELECT * FROM verification_codes`;
  assert.equal(rows.length, 2);
  const stored = JSON.stringify(rows);
  assert.ok(!stored.includes(first) && !stored.includes(second));
  // Each verification's token is its own: either one resets once.
  const one = await t.post('/api/password/reset/', {
    email: EMAIL,
    new_password: NEW_PASSWORD,
    reset_token: first,
  });
  assert.equal(one.status, 200);
});

Deno.test('a reset token is bound to its email and its 10 minutes', async () => {
  await using t = await setUp();
  await t.createUser({ username: 'bia', email: 'bia@example.com' });
  const anas = await verifiedReset(t);
  const bias = await verifiedReset(t, 'bia@example.com');

  // Bia's token does not open Ana's account, nor Ana's Bia's.
  const crossed = await t.post('/api/password/reset/', {
    email: EMAIL,
    new_password: NEW_PASSWORD,
    reset_token: bias,
  });
  assert.deepEqual(await crossed.json(), NOT_VERIFIED);
  const crossedBack = await t.post('/api/password/reset/', {
    email: 'bia@example.com',
    new_password: NEW_PASSWORD,
    reset_token: anas,
  });
  assert.deepEqual(await crossedBack.json(), NOT_VERIFIED);
  assert.equal(await verifyPassword(await passwordHash(t), NEW_PASSWORD), false);

  // A signup verification's token is no reset token either.
  const signupToken = await t.verifyEmail('new@example.com');
  const signup = await t.post('/api/password/reset/', {
    email: 'new@example.com',
    new_password: NEW_PASSWORD,
    reset_token: signupToken,
  });
  assert.deepEqual(await signup.json(), NOT_VERIFIED);

  t.clock.advance(10 * 60 * 1000);
  const late = await t.post('/api/password/reset/', {
    email: EMAIL,
    new_password: NEW_PASSWORD,
    reset_token: anas,
  });
  assert.equal(late.status, 400);
  assert.deepEqual(await late.json(), NOT_VERIFIED);
  assert.equal(await verifyPassword(await passwordHash(t), NEW_PASSWORD), false);
});

Deno.test('racing resets with one token: exactly one wins, and its password is the one set', async () => {
  await using t = await setUp();
  const reset_token = await verifiedReset(t);
  const passwords = ['Racing#One11', 'Racing#Two22', 'Racing#Three33', 'Racing#Four44'];
  const answers = await Promise.all(
    passwords.map((new_password, i) =>
      t.post(
        '/api/password/reset/',
        { email: EMAIL, new_password, reset_token },
        { ip: `198.51.100.${i + 1}` },
      ),
    ),
  );
  const statuses = answers.map((r) => r.status);
  assert.deepEqual([...statuses].sort(), [200, 400, 400, 400]);
  const winner = passwords[statuses.indexOf(200)] as string;
  assert.ok(await verifyPassword(await passwordHash(t), winner));
  for (const res of answers) await res.body?.cancel();
});

Deno.test('a reset without a verified code is refused and changes nothing', async () => {
  await using t = await setUp();
  const before = await passwordHash(t);
  const res = await t.post('/api/password/reset/', { email: EMAIL, new_password: NEW_PASSWORD });
  assert.equal(res.status, 400);
  assert.deepEqual(await res.json(), NOT_VERIFIED);

  // A requested but unverified code is not enough.
  assert.equal((await t.post('/api/otp/request/', { email: EMAIL })).status, 200);
  assert.equal(
    (await t.post('/api/password/reset/', { email: EMAIL, new_password: NEW_PASSWORD })).status,
    400,
  );
  assert.equal(await passwordHash(t), before);
});

Deno.test('the new password follows the signup rules, and a refusal keeps the verification', async () => {
  await using t = await setUp();
  const reset_token = await verifiedReset(t);
  for (const [new_password, message] of [
    [undefined, 'Password is required.'],
    ['', 'Password is required.'],
    ['12345', 'Password must be at least 6 characters.'],
    ['x'.repeat(129), 'Password must be at most 128 characters.'],
    ['iloveyou', 'This password is too common. Please choose another one.'],
  ] as const) {
    const res = await t.post('/api/password/reset/', { email: EMAIL, new_password, reset_token });
    assert.equal(res.status, 400);
    const body = await res.json();
    assert.deepEqual(body.fields, { new_password: message });
    assert.equal(body.detail, message);
  }
  const ok = await t.post('/api/password/reset/', {
    email: EMAIL,
    new_password: NEW_PASSWORD,
    reset_token,
  });
  assert.equal(ok.status, 200);
});

Deno.test('password/reset is limited per account: the 11th try in 15 minutes is a 429 from anywhere', async () => {
  await using t = await setUp();
  for (let i = 0; i < 10; i++) {
    const res = await t.post(
      '/api/password/reset/',
      { email: EMAIL, new_password: NEW_PASSWORD, reset_token: `guess-${i}` },
      { ip: `198.51.100.${i + 1}` },
    );
    assert.equal(res.status, 400);
    t.clock.advance(1000);
  }
  const reset_token = await verifiedReset(t);
  const blocked = await t.post(
    '/api/password/reset/',
    { email: EMAIL, new_password: NEW_PASSWORD, reset_token },
    { ip: '192.0.2.77' },
  );
  assert.equal(blocked.status, 429);
  assert.equal(blocked.headers.get('Retry-After'), String(15 * 60 - 10));
  assert.deepEqual(await blocked.json(), {
    detail: 'Too many password reset attempts for this account. Please try again in 15 minutes.',
    error: 'Too many password reset attempts for this account. Please try again in 15 minutes.',
    code: 'too_many_requests',
  });
  assert.equal(await verifyPassword(await passwordHash(t), NEW_PASSWORD), false);

  // Other accounts are untouched; and the window passes.
  const other = await t.post('/api/password/reset/', {
    email: 'bia@example.com',
    new_password: NEW_PASSWORD,
  });
  assert.equal(other.status, 400);
  // The window passes (and with it the first token's 10 minutes): a new code, a new token.
  t.clock.advance(15 * 60 * 1000);
  const later = await t.post('/api/password/reset/', {
    email: EMAIL,
    new_password: NEW_PASSWORD,
    reset_token: await verifiedReset(t),
  });
  assert.equal(later.status, 200);
});

Deno.test('password/reset is limited per network: the 21st try in 15 minutes from one /64 is a 429, whatever the address', async () => {
  await using t = await setUp();
  for (let i = 0; i < 20; i++) {
    const res = await t.post(
      '/api/password/reset/',
      { email: `someone${i}@example.com`, new_password: NEW_PASSWORD, reset_token: 'guess' },
      { ip: `2001:db8:5:1::${(i + 1).toString(16)}` },
    );
    assert.equal(res.status, 400);
  }
  const reset_token = await verifiedReset(t);
  const blocked = await t.post(
    '/api/password/reset/',
    { email: EMAIL, new_password: NEW_PASSWORD, reset_token },
    { ip: '[2001:db8:5:1:ffff::1]:51000' },
  );
  assert.equal(blocked.status, 429);
  assert.equal(
    (await blocked.json()).detail,
    'Too many password reset attempts from your network. Please try again in 15 minutes.',
  );
  const elsewhere = await t.post(
    '/api/password/reset/',
    { email: EMAIL, new_password: NEW_PASSWORD, reset_token },
    { ip: '2001:db8:6:1::1' },
  );
  assert.equal(elsewhere.status, 200);
});

Deno.test('password/reset is limited per IPv6 /48: 60 tries from its /64s, then a 429 from a new one', async () => {
  await using t = await setUp();
  for (let i = 0; i < 60; i++) {
    const res = await t.post(
      '/api/password/reset/',
      { email: `someone${i}@example.com`, new_password: NEW_PASSWORD, reset_token: 'guess' },
      { ip: `2001:db8:5:${(i + 1).toString(16)}::1` },
    );
    assert.equal(res.status, 400);
  }
  const blocked = await t.post(
    '/api/password/reset/',
    { email: EMAIL, new_password: NEW_PASSWORD, reset_token: 'guess' },
    { ip: '2001:db8:5:ffff::1' },
  );
  assert.equal(blocked.status, 429);
  await blocked.body?.cancel();
});

Deno.test('a password reset reopens an account closed by the account-wide login limit', async () => {
  await using t = await setUp();
  const login = (password: string, ip: string) =>
    t.post('/api/login/', { email_or_username: 'ana', password }, { ip });
  // 100 wrong passwords from 25 addresses: the account is closed to every new network.
  for (let round = 0; round < 4; round++) {
    for (let i = 1; i <= 25; i++) {
      assert.equal((await login('wrong-password', `198.18.0.${i}`)).status, 401);
    }
  }
  assert.equal((await login(TEST_PASSWORD, '203.0.113.77')).status, 429);
  // The owner proves the address and sets a new password from there...
  const reset_token = await verifiedReset(t);
  const reset = await t.post(
    '/api/password/reset/',
    { email: EMAIL, new_password: NEW_PASSWORD, reset_token },
    { ip: '203.0.113.77' },
  );
  assert.equal(reset.status, 200);
  // ...and signs in with it; the guesses against the old password no longer count.
  assert.equal((await login(NEW_PASSWORD, '203.0.113.77')).status, 200);
  assert.equal((await login(NEW_PASSWORD, '192.0.2.80')).status, 200);
  assert.equal((await login(TEST_PASSWORD, '198.18.1.1')).status, 401);
});
