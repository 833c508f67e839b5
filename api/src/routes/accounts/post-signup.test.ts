import assert from 'node:assert/strict';
import { verifyPassword } from '../../auth/passwords.ts';
import { createAccountsTestApp, TEST_EMAIL_FROM } from '../../testing/accounts.ts';

const NEW_USER = {
  username: 'Ana Lima',
  email: 'ana@example.com',
  password: 'Popcorn#Night7',
  role: 'user',
};

const users = (t: {
  db: { query: <T>(s: TemplateStringsArray, ...p: unknown[]) => Promise<T[]> };
}) =>
  t.db.query<{ username: string; email: string; role: string }>`
    SELECT username, email, role FROM users ORDER BY id`;

Deno.test('the whole signup flow: code by email through Resend, verify, sign up, log in', async () => {
  await using t = await createAccountsTestApp();

  const sent = await t.post('/api/email/request/', { email: ' Ana@Example.com ' });
  assert.equal(sent.status, 200);
  assert.deepEqual(await sent.json(), { message: 'OTP sent successfully.' });
  await t.settled(); // the code's email is queued, then sent after the answer

  const [email] = t.resend.emails;
  assert.ok(email);
  assert.deepEqual(email.to, ['ana@example.com']);
  assert.equal(email.from, TEST_EMAIL_FROM);
  assert.equal(email.authorization, 'Bearer re_test_key');
  const code = await t.codeFor('ana@example.com');
  assert.match(code, /^\d{6}$/);
  assert.match(email.subject, /CineBook/);
  assert.ok(email.subject.includes(code));
  assert.ok(email.text.includes(code));
  assert.match(email.text, /This code expires in 10 minutes\./);

  const verified = await t.post('/api/email/verify/', { email: 'ana@example.com', code });
  assert.equal(verified.status, 200);
  const { signup_token, ...message } = await verified.json();
  assert.deepEqual(message, { message: 'Email verified successfully.' });
  assert.match(signup_token, /^[A-Za-z0-9_-]{43}$/);

  const res = await t.post('/api/signup/', {
    ...NEW_USER,
    email: 'ANA@example.com ',
    signup_token,
  });
  assert.equal(res.status, 201);
  const body = await res.json();
  assert.deepEqual(body, {
    id: body.id,
    username: 'Ana Lima',
    email: 'ana@example.com',
    role: 'user',
  });
  assert.equal(typeof body.id, 'number');

  const [row] = await t.db.query<{ password_hash: string; role: string }>`
    SELECT password_hash, role FROM users WHERE id = ${body.id}`;
  assert.ok(row);
  assert.match(row.password_hash, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  assert.ok(await verifyPassword(row.password_hash, NEW_USER.password));
  const [verification] = await t.db.query<{ used_at: Date | null }>`
    SELECT used_at FROM verification_codes WHERE email = 'ana@example.com' AND purpose = 'signup'`;
  assert.deepEqual(verification?.used_at, t.clock());

  const login = await t.login('ana@example.com', NEW_USER.password);
  assert.equal(login.role, 'user');
  assert.deepEqual(login.user, body);
});

Deno.test('an owner can sign up too', async () => {
  await using t = await createAccountsTestApp();
  const signup_token = await t.verifyEmail('olga@example.com');
  const res = await t.post('/api/signup/', {
    ...NEW_USER,
    signup_token,
    username: 'olga',
    email: 'olga@example.com',
    role: 'owner',
  });
  assert.equal(res.status, 201);
  assert.equal((await res.json()).role, 'owner');
  assert.deepEqual(await users(t), [
    { username: 'olga', email: 'olga@example.com', role: 'owner' },
  ]);
});

Deno.test('signup validation errors carry the spec messages per field', async () => {
  await using t = await createAccountsTestApp();
  const signup_token = await t.verifyEmail(NEW_USER.email);
  const cases: [Record<string, unknown>, Record<string, string>][] = [
    [
      {},
      {
        username: 'Name is required.',
        email: 'Email is required.',
        password: 'Password is required.',
        role: 'Please select a role.',
      },
    ],
    [
      { username: '  ', email: '', password: '', role: '' },
      {
        username: 'Name is required.',
        email: 'Email is required.',
        password: 'Password is required.',
        role: 'Please select a role.',
      },
    ],
    [{ ...NEW_USER, email: 'ana@example' }, { email: 'Enter a valid email.' }],
    [{ ...NEW_USER, email: 'not an email' }, { email: 'Enter a valid email.' }],
    [{ ...NEW_USER, password: '12345' }, { password: 'Password must be at least 6 characters.' }],
    [
      { ...NEW_USER, password: 'x'.repeat(129) },
      { password: 'Password must be at most 128 characters.' },
    ],
    [
      { ...NEW_USER, password: 'Password123' },
      { password: 'This password is too common. Please choose another one.' },
    ],
    [
      { ...NEW_USER, password: 'qwerty' },
      { password: 'This password is too common. Please choose another one.' },
    ],
    [{ ...NEW_USER, role: 'admin' }, { role: 'Role must be user or owner.' }],
    [{ ...NEW_USER, role: 'superuser' }, { role: 'Role must be user or owner.' }],
    [{ ...NEW_USER, username: 'ana@example.com' }, { username: 'Name cannot contain @.' }],
    [
      { ...NEW_USER, username: 'a'.repeat(151) },
      { username: 'Name must be at most 150 characters.' },
    ],
  ];
  for (const [payload, fields] of cases) {
    const res = await t.post('/api/signup/', { ...payload, signup_token });
    assert.equal(res.status, 400, JSON.stringify(payload));
    const body = await res.json();
    assert.deepEqual(body.fields, fields, JSON.stringify(payload));
    assert.equal(body.code, 'validation_error');
    assert.equal(body.detail, Object.values(fields)[0]);
    assert.equal(body.error, body.detail);
  }
  assert.deepEqual(await users(t), []);
  // None of the refusals spent the verification.
  assert.equal((await t.post('/api/signup/', { ...NEW_USER, signup_token })).status, 201);
});

Deno.test('the role admin is refused at signup and no account is created', async () => {
  await using t = await createAccountsTestApp();
  const signup_token = await t.verifyEmail(NEW_USER.email);
  for (const role of ['admin', 'ADMIN', ' Admin ']) {
    const res = await t.post('/api/signup/', { ...NEW_USER, role, signup_token });
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), {
      detail: 'Role must be user or owner.',
      error: 'Role must be user or owner.',
      code: 'validation_error',
      fields: { role: 'Role must be user or owner.' },
    });
  }
  assert.deepEqual(await users(t), []);
});

Deno.test('signup without a verified email is refused', async () => {
  await using t = await createAccountsTestApp();
  const res = await t.post('/api/signup/', NEW_USER);
  assert.equal(res.status, 400);
  assert.deepEqual(await res.json(), {
    detail: 'Please verify your email first.',
    error: 'Please verify your email first.',
    code: 'email_not_verified',
  });
  // A code requested but never verified is not enough either.
  await t.post('/api/email/request/', { email: NEW_USER.email });
  assert.equal((await t.post('/api/signup/', NEW_USER)).status, 400);
  // Nor is another address's verification, even with its token.
  const signup_token = await t.verifyEmail('someone-else@example.com');
  assert.equal((await t.post('/api/signup/', { ...NEW_USER, signup_token })).status, 400);
  assert.deepEqual(await users(t), []);
});

Deno.test('a verification signs up one account only, and lapses after 30 minutes', async () => {
  await using t = await createAccountsTestApp();
  const signup_token = await t.verifyEmail(NEW_USER.email);
  assert.equal((await t.post('/api/signup/', { ...NEW_USER, signup_token })).status, 201);
  const again = await t.post('/api/signup/', { ...NEW_USER, username: 'Ana Two', signup_token });
  assert.equal(again.status, 400);
  assert.equal((await again.json()).detail, 'Please verify your email first.');

  const lateToken = await t.verifyEmail('late@example.com');
  t.clock.advance(30 * 60 * 1000);
  const late = await t.post('/api/signup/', {
    ...NEW_USER,
    username: 'late',
    email: 'late@example.com',
    signup_token: lateToken,
  });
  assert.equal(late.status, 400);
  assert.equal((await late.json()).detail, 'Please verify your email first.');
  assert.deepEqual(await users(t), [
    { username: 'Ana Lima', email: 'ana@example.com', role: 'user' },
  ]);
});

Deno.test('a taken name (any case) or email (any case) is refused with a field error', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'Bruno', email: 'bruno@example.com' });
  const signup_token = await t.verifyEmail(NEW_USER.email);

  const name = await t.post('/api/signup/', {
    ...NEW_USER,
    username: '  bRUNO ',
    signup_token,
  });
  assert.equal(name.status, 400);
  assert.deepEqual(await name.json(), {
    detail: 'A user with this name already exists.',
    error: 'A user with this name already exists.',
    code: 'validation_error',
    fields: { username: 'A user with this name already exists.' },
  });

  // The address gets taken after it was verified.
  await t.createUser({ username: 'Other Ana', email: NEW_USER.email });
  const email = await t.post('/api/signup/', {
    ...NEW_USER,
    email: 'ANA@EXAMPLE.COM',
    signup_token,
  });
  assert.equal(email.status, 400);
  assert.deepEqual(await email.json(), {
    detail: 'A user with this email already exists.',
    error: 'A user with this email already exists.',
    code: 'validation_error',
    fields: { email: 'A user with this email already exists.' },
  });

  const both = await t.post('/api/signup/', { ...NEW_USER, username: 'bruno', signup_token });
  assert.deepEqual((await both.json()).fields, {
    username: 'A user with this name already exists.',
    email: 'A user with this email already exists.',
  });
  assert.deepEqual(await users(t), [
    { username: 'Bruno', email: 'bruno@example.com', role: 'user' },
    { username: 'Other Ana', email: 'ana@example.com', role: 'user' },
  ]);
});

const NOT_VERIFIED = {
  detail: 'Please verify your email first.',
  error: 'Please verify your email first.',
  code: 'email_not_verified',
};

Deno.test('a second client cannot sign up with an email another client verified', async () => {
  await using t = await createAccountsTestApp();
  // The owner of the address verifies it in their browser, which keeps the token.
  const signup_token = await t.verifyEmail(NEW_USER.email);

  // Someone else, knowing only the address, tries to take it in the minutes that follow.
  const attacker = { ip: '203.0.113.66' };
  const theirs = { ...NEW_USER, username: 'mallory', password: 'Hijack#Seat1' };
  for (const proof of [{}, { signup_token: 'A'.repeat(43) }, { signup_token: '' }]) {
    const res = await t.post('/api/signup/', { ...theirs, ...proof }, attacker);
    assert.equal(res.status, 400, JSON.stringify(proof));
    assert.deepEqual(await res.json(), NOT_VERIFIED);
  }
  // A token of an address the attacker did verify does not carry over to this one.
  const own = await t.verifyEmail('mallory@example.com');
  const carried = await t.post('/api/signup/', { ...theirs, signup_token: own }, attacker);
  assert.deepEqual(await carried.json(), NOT_VERIFIED);
  const notText = await t.post('/api/signup/', { ...theirs, signup_token: 7 }, attacker);
  assert.equal(notText.status, 400);
  assert.deepEqual((await notText.json()).fields, {
    signup_token: 'Please verify your email first.',
  });
  assert.deepEqual(await users(t), []);

  // The owner's browser still signs up.
  const res = await t.post('/api/signup/', { ...NEW_USER, signup_token });
  assert.equal(res.status, 201);
  assert.deepEqual(await users(t), [
    { username: 'Ana Lima', email: 'ana@example.com', role: 'user' },
  ]);
});

Deno.test('email/verify stores only a digest of the signup token, a new one each time', async () => {
  await using t = await createAccountsTestApp();
  const first = await t.verifyEmail(NEW_USER.email);
  const second = await t.verifyEmail(NEW_USER.email);
  assert.notEqual(first, second);
  const stored = JSON.stringify(await t.db.query`SELECT * FROM verification_codes`);
  assert.ok(!stored.includes(first) && !stored.includes(second));
  // A password-reset token is not a signup token.
  await t.createUser({ username: 'bia', email: 'bia@example.com' });
  assert.equal((await t.post('/api/otp/request/', { email: 'bia@example.com' })).status, 200);
  const code = await t.codeFor('bia@example.com');
  const verified = await t.post('/api/otp/verify/', { email: 'bia@example.com', code });
  const { reset_token } = await verified.json();
  const crossed = await t.post('/api/signup/', {
    ...NEW_USER,
    username: 'bia two',
    email: 'bia@example.com',
    signup_token: reset_token,
  });
  assert.deepEqual(await crossed.json(), NOT_VERIFIED);
});

Deno.test('racing signups with one token create one account', async () => {
  await using t = await createAccountsTestApp();
  const signup_token = await t.verifyEmail(NEW_USER.email);
  const answers = await Promise.all(
    ['Ana One', 'Ana Two', 'Ana Three'].map((username) =>
      t.post('/api/signup/', { ...NEW_USER, username, signup_token }),
    ),
  );
  assert.deepEqual(answers.map((r) => r.status).sort(), [201, 400, 400]);
  for (const res of answers) await res.body?.cancel();
  assert.equal((await users(t)).length, 1);
});

Deno.test('a name that looks like an existing one is refused, in any script or case; names in one other script are welcome', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'admin', email: 'admin@example.com' });
  await t.createUser({ username: 'demo_customer', email: 'demo@example.com' });
  await t.createUser({ username: 'coco', email: 'coco@example.com' });
  const signup_token = await t.verifyEmail(NEW_USER.email);
  const LOOKALIKE = 'This name looks too much like an existing one.';
  const MIXED =
    'Name must be written in one script, not letters of two (such as Latin and Cyrillic).';
  for (const [username, message] of [
    ['\u0430dmin', LOOKALIKE], // Cyrillic а
    ['d\u0435mo_customer', LOOKALIKE], // Cyrillic е
    ['\u0391DMIN', LOOKALIKE], // Greek Α, capitals
    ['ADM\u0399N', LOOKALIKE], // Greek Ι
    ['adrnin', LOOKALIKE], // r and n for m
    ['\u0441\u043e\u0441\u043e', LOOKALIKE], // all Cyrillic с and о: looks like 'coco'
    ['p\u0430ypal', MIXED], // no PayPal here, but Latin with a Cyrillic а
    ['Ив\u0430n', MIXED],
  ] as const) {
    const res = await t.post('/api/signup/', { ...NEW_USER, username, signup_token });
    assert.equal(res.status, 400, username);
    const body = await res.json();
    assert.equal(body.code, 'validation_error');
    assert.deepEqual(body.fields, { username: message }, username);
    assert.equal(body.detail, message);
  }
  assert.equal((await users(t)).length, 3);
  // One script, whichever, is a name like any other; so are Japanese names mixing their scripts.
  for (const [i, username] of ['Иван', 'Σωκράτης', 'राहुल', '山田 たろう', 'Ana Lima 2'].entries()) {
    const email = `new${i}@example.com`;
    const token = await t.verifyEmail(email);
    const res = await t.post('/api/signup/', { ...NEW_USER, username, email, signup_token: token });
    assert.equal(res.status, 201, `${username}: ${await res.clone().text()}`);
  }
});

Deno.test('two look-alike names signing up at once: one account, the other refused with the field message', async () => {
  await using t = await createAccountsTestApp();
  const tokens = [await t.verifyEmail('one@example.com'), await t.verifyEmail('two@example.com')];
  const answers = await Promise.all(
    ['coco', '\u0441\u043e\u0441\u043e'].map((username, i) =>
      t.post('/api/signup/', {
        ...NEW_USER,
        username,
        email: i === 0 ? 'one@example.com' : 'two@example.com',
        signup_token: tokens[i],
      }),
    ),
  );
  assert.deepEqual(answers.map((r) => r.status).sort(), [201, 400]);
  const refused = answers.find((r) => r.status === 400);
  assert.ok(refused);
  assert.deepEqual((await refused.json()).fields, {
    username: 'This name looks too much like an existing one.',
  });
  await answers.find((r) => r.status === 201)?.body?.cancel();
  assert.equal((await users(t)).length, 1);
});

Deno.test('the database keeps look-alike names apart however the row is written', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'admin', email: 'admin@example.com' });
  await assert.rejects(
    t.createUser({ username: '\u0430dmin', email: 'x@example.com' }),
    (error: { code?: string }) => error.code === '23505',
  );
  await assert.rejects(
    t.createUser({ username: 'ΑDMIN', email: 'y@example.com' }),
    (error: { code?: string }) => error.code === '23505',
  );
  await t.createUser({ username: 'Alex', email: 'alex@example.com' });
  const rows = await t.db.query<{ username_skeleton: string; username_folded: string }>`
    SELECT username_skeleton, username_folded FROM users ORDER BY id`;
  assert.deepEqual(rows, [
    { username_skeleton: 'adrnin', username_folded: 'adrnin' },
    { username_skeleton: 'alex', username_folded: 'alex' },
  ]);
  // A capital I looks like a small l: 'AIex' is refused beside 'Alex'.
  await assert.rejects(
    t.createUser({ username: 'AIex', email: 'z@example.com' }),
    (error: { code?: string }) => error.code === '23505',
  );
});
