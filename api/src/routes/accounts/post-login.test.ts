import assert from 'node:assert/strict';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { sha256Hex } from '../../auth/secrets.ts';
import { createAccountsTestApp, TEST_PASSWORD } from '../../testing/accounts.ts';

type T = Awaited<ReturnType<typeof createAccountsTestApp>>;

const INVALID = {
  detail: 'Invalid credentials.',
  error: 'Invalid credentials.',
  code: 'invalid_credentials',
};

Deno.test('login by email answers access, refresh, the user and the role, and opens a session', async () => {
  await using t = await createAccountsTestApp();
  const ana = await t.createUser({ username: 'Ana', email: 'ana@example.com', role: 'owner' });
  const res = await t.post('/api/login/', {
    email_or_username: '  ANA@example.com ',
    password: TEST_PASSWORD,
  });
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.deepEqual(Object.keys(body).sort(), ['access', 'refresh', 'role', 'user']);
  assert.deepEqual(body.user, {
    id: ana.id,
    username: 'Ana',
    email: 'ana@example.com',
    role: 'owner',
  });
  assert.equal(body.role, 'owner');

  assert.deepEqual(decodeProtectedHeader(body.access), { alg: 'HS256', typ: 'JWT' });
  const iat = Math.floor(t.clock().getTime() / 1000);
  // The token names its session, so ending the session ends the token.
  const [session] = await t.db.query<{ id: string }>`SELECT id::text AS id FROM sessions`;
  assert.deepEqual(decodeJwt(body.access), {
    typ: 'access',
    sid: session?.id,
    sub: String(ana.id),
    user_id: ana.id,
    username: 'Ana',
    email: 'ana@example.com',
    role: 'owner',
    iss: 'cinebook-api',
    aud: 'cinebook',
    iat,
    exp: iat + 15 * 60,
  });
  // The refresh token is opaque (not a JWT) and stored only as its SHA-256.
  assert.match(body.refresh, /^[A-Za-z0-9_-]{43}$/);
  const tokens = await t.db.query<{ token_hash: string; expires_at: Date; user_id: number }>`
    SELECT t.token_hash, t.expires_at, s.user_id
      FROM refresh_tokens t JOIN sessions s ON s.id = t.session_id`;
  assert.deepEqual(tokens, [
    {
      token_hash: sha256Hex(body.refresh),
      expires_at: new Date(t.clock().getTime() + 14 * 24 * 60 * 60 * 1000),
      user_id: ana.id,
    },
  ]);
});

Deno.test('login by username works in any case', async () => {
  await using t = await createAccountsTestApp();
  const ana = await t.createUser({ username: 'Ana Lima', email: 'ana@example.com' });
  const login = await t.login('ana lima');
  assert.equal(login.user.id, ana.id);
  assert.equal(login.role, 'user');
});

Deno.test('a wrong password and an unknown user get the same answer', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  const answers = [];
  for (const [who, password] of [
    ['ana@example.com', 'wrong-password'],
    ['nobody@example.com', 'wrong-password'],
    ['ana', 'wrong-password'],
    ['nobody', TEST_PASSWORD],
  ] as const) {
    const res = await t.post('/api/login/', { email_or_username: who, password });
    answers.push({
      status: res.status,
      body: await res.json(),
      authenticate: res.headers.get('WWW-Authenticate'),
    });
  }
  for (const answer of answers) assert.deepEqual(answer, answers[0]);
  assert.deepEqual(answers[0], { status: 401, body: INVALID, authenticate: null });
  assert.deepEqual(await t.db.query`SELECT id FROM sessions`, []);
});

Deno.test('login needs both fields, with the spec messages', async () => {
  await using t = await createAccountsTestApp();
  const cases: [unknown, Record<string, string>][] = [
    [{}, { email_or_username: 'Email or username is required', password: 'Password is required' }],
    [
      { email_or_username: ' ', password: '' },
      {
        email_or_username: 'Email or username is required',
        password: 'Password is required',
      },
    ],
    [{ email_or_username: 'ana' }, { password: 'Password is required' }],
  ];
  for (const [payload, fields] of cases) {
    const res = await t.post('/api/login/', payload);
    assert.equal(res.status, 400);
    const body = await res.json();
    assert.deepEqual(body.fields, fields);
    assert.equal(body.detail, Object.values(fields)[0]);
  }
});

const wrongFrom = (t: T, who: string, ip: string) =>
  t.post('/api/login/', { email_or_username: who, password: 'wrong-password' }, { ip });
const rightFrom = (t: T, who: string, ip: string) =>
  t.post('/api/login/', { email_or_username: who, password: TEST_PASSWORD }, { ip });

/** 100 wrong passwords for `who` from 25 addresses, 4 each: under every per-address limit. */
async function distributedGuesses(t: T, who: string) {
  for (let round = 0; round < 4; round++) {
    for (let i = 1; i <= 25; i++) {
      const res = await wrongFrom(t, who, `198.18.0.${i}`);
      assert.equal(res.status, 401, `guess ${round * 25 + i}`);
    }
  }
}

Deno.test('five wrong passwords from one address do not stop the right password from another address', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  const guesser = '203.0.113.7';
  // Email and username count against the same account.
  for (const who of ['ana@example.com', 'ana', 'ANA', 'ana@example.com', 'ana']) {
    assert.equal((await wrongFrom(t, who, guesser)).status, 401);
    t.clock.advance(1000);
  }
  // The guesser's address is stopped on this account, even with the right password...
  const locked = await rightFrom(t, 'ana', guesser);
  assert.equal(locked.status, 429);
  assert.equal(locked.headers.get('Retry-After'), String(15 * 60 - 5));
  assert.deepEqual(await locked.json(), {
    detail: 'Too many failed login attempts. Please try again in 15 minutes.',
    error: 'Too many failed login attempts. Please try again in 15 minutes.',
    code: 'too_many_requests',
  });
  // ...the owner, from anywhere else, is not.
  const owner = await rightFrom(t, 'ana@example.com', '198.51.100.9');
  assert.equal(owner.status, 200);
  assert.equal((await owner.json()).user.username, 'ana');
  // The default (loopback) address of the test app has no failures either.
  assert.equal((await t.login('ana')).user.username, 'ana');

  t.clock.advance(15 * 60 * 1000);
  assert.equal((await rightFrom(t, 'ana', guesser)).status, 200);
});

Deno.test('the admin account is no exception: a guesser cannot lock the admin out', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'admin', email: 'admin@example.com', role: 'admin' });
  for (let i = 0; i < 5; i++) {
    assert.equal((await wrongFrom(t, 'admin', '203.0.113.8')).status, 401);
  }
  assert.equal((await wrongFrom(t, 'admin', '203.0.113.8')).status, 429);
  const admin = await rightFrom(t, 'admin@example.com', '192.0.2.1');
  assert.equal(admin.status, 200);
  assert.equal((await admin.json()).role, 'admin');
});

Deno.test('once the account-wide limit is reached no guess is checked, except from a network the owner signed in from', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  // The owner signed in from home earlier this month.
  assert.equal((await rightFrom(t, 'ana', '192.0.2.44')).status, 200);
  t.clock.advance(20 * 24 * 60 * 60 * 1000);
  await distributedGuesses(t, 'ana');

  // 100 failures within the hour: the guessers' addresses are refused, the right password too...
  const again = await rightFrom(t, 'ana', '198.18.0.1');
  assert.equal(again.status, 429);
  assert.equal(again.headers.get('Retry-After'), String(60 * 60));
  assert.equal(
    (await again.json()).detail,
    'Too many failed login attempts. Please try again in 60 minutes.',
  );
  // ...and so is every new address: a guess is not even checked, nor is the right password.
  for (const ip of ['198.18.1.1', '203.0.113.99', '2001:db8:5:6::1']) {
    assert.equal((await wrongFrom(t, 'ana', ip)).status, 429, ip);
    assert.equal((await rightFrom(t, 'ana', ip)).status, 429, ip);
  }
  // The owner, from the network the account signed in from, still gets in; that does not
  // reopen the account to the guessers.
  const owner = await rightFrom(t, 'ana', '192.0.2.44');
  assert.equal(owner.status, 200);
  assert.equal((await wrongFrom(t, 'ana', '198.18.0.2')).status, 429);
  // Other accounts are not affected by this account's limit.
  await t.createUser({ username: 'bia', email: 'bia@example.com' });
  assert.equal((await rightFrom(t, 'bia', '198.18.0.3')).status, 200);

  t.clock.advance(60 * 60 * 1000);
  assert.equal((await wrongFrom(t, 'ana', '198.18.0.1')).status, 401);
  assert.equal((await rightFrom(t, 'ana', '198.18.0.1')).status, 200);
});

Deno.test('a network remembered from a sign-in more than 30 days ago no longer passes the account limit', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  assert.equal((await rightFrom(t, 'ana', '192.0.2.44')).status, 200);
  t.clock.advance(31 * 24 * 60 * 60 * 1000);
  await distributedGuesses(t, 'ana');
  assert.equal((await rightFrom(t, 'ana', '192.0.2.44')).status, 429);
});

Deno.test('racing guesses from one address cannot pass its limit together', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  const answers = await Promise.all(
    Array.from({ length: 10 }, () => wrongFrom(t, 'ana', '203.0.113.20')),
  );
  const statuses = answers.map((r) => r.status).sort();
  assert.deepEqual(statuses, [401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
  for (const res of answers) await res.body?.cancel();
});

Deno.test('past the account-wide limit, racing guesses get no check from a new address and five from the owner’s', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  assert.equal((await rightFrom(t, 'ana', '192.0.2.45')).status, 200);
  await distributedGuesses(t, 'ana');
  const race = async (ip: string) => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => wrongFrom(t, 'ana', ip)));
    for (const res of answers) await res.body?.cancel();
    return answers.map((r) => r.status).sort();
  };
  assert.deepEqual(await race('198.18.2.2'), [429, 429, 429, 429, 429, 429, 429, 429]);
  // The owner's network is still held by its own limit.
  assert.deepEqual(await race('192.0.2.45'), [401, 401, 401, 401, 401, 429, 429, 429]);
  t.clock.advance(15 * 60 * 1000);
  assert.equal((await rightFrom(t, 'ana', '192.0.2.45')).status, 200);
});

Deno.test('an unknown name is throttled exactly like a known one', async () => {
  await using t = await createAccountsTestApp();
  const statuses = [];
  for (let i = 0; i < 6; i++) {
    const res = await t.post('/api/login/', {
      email_or_username: 'ghost',
      password: 'wrong-password',
    });
    statuses.push(res.status);
  }
  assert.deepEqual(statuses, [401, 401, 401, 401, 401, 429]);
});

Deno.test('a successful login clears that address’s failures on the account, and only those', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  for (let i = 0; i < 4; i++) {
    assert.equal((await wrongFrom(t, 'ana', '203.0.113.1')).status, 401);
    assert.equal((await wrongFrom(t, 'ana', '203.0.113.2')).status, 401);
  }
  assert.equal((await rightFrom(t, 'ana', '203.0.113.1')).status, 200);
  for (let i = 0; i < 5; i++) {
    assert.equal((await wrongFrom(t, 'ana', '203.0.113.1')).status, 401);
  }
  assert.equal((await wrongFrom(t, 'ana', '203.0.113.2')).status, 401);
  assert.equal((await wrongFrom(t, 'ana', '203.0.113.2')).status, 429);
});

Deno.test('after 30 failed logins from one IP, that IP is refused for any account', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  const ip = '203.0.113.50';
  for (let i = 0; i < 30; i++) {
    const res = await t.post(
      '/api/login/',
      { email_or_username: `user${i}`, password: 'wrong-password' },
      { ip },
    );
    assert.equal(res.status, 401);
  }
  const blocked = await t.post(
    '/api/login/',
    { email_or_username: 'ana', password: TEST_PASSWORD },
    { ip },
  );
  assert.equal(blocked.status, 429);
  assert.equal((await blocked.json()).code, 'too_many_requests');
  const other = await t.post(
    '/api/login/',
    { email_or_username: 'ana', password: TEST_PASSWORD },
    { ip: '203.0.113.51' },
  );
  assert.equal(other.status, 200);
});

/** How many of these login answers had their password checked (401 or 200), and how many not. */
function tally(statuses: number[]) {
  return {
    checked: statuses.filter((s) => s === 401 || s === 200).length,
    refused: statuses.filter((s) => s === 429).length,
  };
}

Deno.test('addresses of one IPv6 /64 are one network: 25 addresses × 5 guesses get 5 checks', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  const statuses: number[] = [];
  for (let i = 1; i <= 25; i++) {
    for (let guess = 0; guess < 5; guess++) {
      statuses.push((await wrongFrom(t, 'ana', `2001:db8:77:1::${i.toString(16)}`)).status);
    }
  }
  assert.deepEqual(tally(statuses), { checked: 5, refused: 120 });
  // Even the right password from yet another address of that /64 is not checked...
  assert.equal((await rightFrom(t, 'ana', '2001:db8:77:1:ffff::1')).status, 429);
  // ...and the same holds when the addresses are written the other ways a gateway writes them.
  for (const ip of [
    '[2001:db8:77:1::abc]:443',
    '2001:DB8:77:1:0:0:0:ABD',
    '[2001:db8:77:1::abe]',
  ]) {
    assert.equal((await wrongFrom(t, 'ana', ip)).status, 429, ip);
  }
  // The owner, elsewhere, signs in.
  assert.equal((await rightFrom(t, 'ana', '2001:db8:99:1::1')).status, 200);
});

Deno.test('/64s of one IPv6 /48 share a wider limit: 10 checked guesses per account, 100 in all', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  const statuses: number[] = [];
  for (let net = 1; net <= 25; net++) {
    for (let guess = 0; guess < 5; guess++) {
      statuses.push((await wrongFrom(t, 'ana', `2001:db8:77:${net.toString(16)}::1`)).status);
    }
  }
  assert.deepEqual(tally(statuses), { checked: 10, refused: 115 });

  // On all accounts together: 30 failures per /64, 100 per /48 (ten more are checked above).
  const spread: number[] = [];
  for (let net = 0x100; net < 0x106; net++) {
    for (let i = 0; i < 20; i++) {
      const res = await t.post(
        '/api/login/',
        { email_or_username: `user${net}-${i}`, password: 'wrong-password' },
        { ip: `2001:db8:77:${net.toString(16)}::${(i + 1).toString(16)}` },
      );
      spread.push(res.status);
    }
  }
  assert.deepEqual(tally(spread), { checked: 90, refused: 30 });
  // Another /48 is another site.
  assert.equal((await rightFrom(t, 'ana', '2001:db8:78:1::1')).status, 200);
});

Deno.test('past the account-wide limit, a new address of a guessing /64 or a new /64 gets no check', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  // 25 sites, 4 guesses each from one /64: under every per-network limit, 100 on the account.
  for (let site = 1; site <= 25; site++) {
    for (let guess = 0; guess < 4; guess++) {
      const res = await wrongFrom(t, 'ana', `2001:db8:${site.toString(16)}:1::${guess + 1}`);
      assert.equal(res.status, 401, `site ${site} guess ${guess}`);
    }
  }
  for (const ip of ['2001:db8:1:1::99', '2001:db8:1:2::1', '2001:db8:ff:1::1']) {
    assert.equal((await wrongFrom(t, 'ana', ip)).status, 429, ip);
    assert.equal((await rightFrom(t, 'ana', ip)).status, 429, ip);
  }
});

Deno.test('an ip:port X-Forwarded-For counts as the address, whatever the port', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  const statuses: number[] = [];
  for (let port = 40000; port < 40010; port++) {
    statuses.push((await wrongFrom(t, 'ana', `198.51.100.7:${port}`)).status);
  }
  assert.deepEqual(statuses, [401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
  assert.equal((await rightFrom(t, 'ana', '198.51.100.7')).status, 429);
  assert.equal((await rightFrom(t, 'ana', '::ffff:198.51.100.7')).status, 429);
  assert.equal((await rightFrom(t, 'ana', '198.51.100.8:40000')).status, 200);
});
