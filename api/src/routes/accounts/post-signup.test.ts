import assert from 'node:assert/strict';
import { verifyPassword } from '../../auth/passwords.ts';
import { createAccountsTestApp, TEST_EMAIL_FROM } from '../../testing/accounts.ts';
import { NEW_USER, users } from './post-signup.testing.ts';

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
