// Names at signup: taken in any case, or looking like an existing one in another script or case
// (users/usernames.ts, the skeleton column of migration 0018), also when written past the API.
import assert from 'node:assert/strict';
import { createAccountsTestApp } from '../../testing/accounts.ts';
import { NEW_USER, users } from './post-signup.testing.ts';

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
