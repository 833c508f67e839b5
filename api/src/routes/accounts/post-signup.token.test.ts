// A signup is bound to the client that verified the email: its token, stored as a digest, signs
// up one account, races included (docs/decisions/0001-flow-tokens-bind-reset-and-signup.md).
import assert from 'node:assert/strict';
import { createAccountsTestApp } from '../../testing/accounts.ts';
import { NEW_USER, users } from './post-signup.testing.ts';

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
