import assert from 'node:assert/strict';
import { createAccountsTestApp } from '../../testing/accounts.ts';
import { emailField, loginIdentifierField, usernameField } from './schemas.ts';

const INVISIBLE = 'Name cannot contain control or invisible characters.';

Deno.test('a name is stored as NFKC: fullwidth letters and ligatures become their plain forms', () => {
  assert.equal(usernameField.parse('  ｂｏｂ '), 'bob');
  assert.equal(usernameField.parse('ﬁlm buﬀ'), 'film buff');
  assert.equal(usernameField.parse('Ana Lima'), 'Ana Lima');
  // Composed and decomposed accents are one name.
  assert.equal(usernameField.parse('Jose\u0301'), 'José');
  assert.equal(usernameField.parse('José 🎬'), 'José 🎬');
});

Deno.test('a name refuses control, zero-width, format and separator characters and lone surrogates', () => {
  for (const name of [
    'admin\u200b', // zero-width space (Cf)
    'ad\u200dmin', // zero-width joiner
    '\ufeffadmin', // byte order mark
    'admin\u202e', // right-to-left override
    'admin\u2060', // word joiner
    'ad\u0000min', // NUL (Cc)
    'ad\u0007min',
    'ad\u0085min', // next line (Cc, C1)
    'admin\u2028x', // line separator (Zl)
    'admin\u2029x', // paragraph separator (Zp)
    'ad\ud800min', // a lone high surrogate
    'admin\udfff',
    'ad\u00admin', // soft hyphen (Cf)
    '\u180e', // Mongolian vowel separator (Cf)
  ]) {
    const parsed = usernameField.safeParse(name);
    assert.equal(parsed.success, false, JSON.stringify(name));
    assert.equal(parsed.error?.issues[0]?.message, INVISIBLE, JSON.stringify(name));
  }
});

Deno.test('emails refuse NUL and control characters; login names are normalised like names', () => {
  for (const email of ['ana\u0000@example.com', 'ana@exa\u0001mple.com', 'ana@example.com\ud800']) {
    assert.equal(emailField().safeParse(email).success, false, JSON.stringify(email));
  }
  assert.equal(emailField().parse('  Ana@Example.COM '), 'ana@example.com');
  assert.equal(loginIdentifierField.parse(' ＡＮＡ '), 'ANA');
  assert.equal(loginIdentifierField.safeParse('ana\u0000').success, false);
});

Deno.test('signup refuses a name that would display as another (admin + zero-width space): 400, no account', async () => {
  await using t = await createAccountsTestApp();
  for (const username of ['admin\u200b', 'ad\u0000min', 'bob\u2028', 'bo\ud800b']) {
    const res = await t.post('/api/signup/', {
      username,
      email: 'eve@example.com',
      password: 'Popcorn#Night7',
      role: 'user',
    });
    assert.equal(res.status, 400, JSON.stringify(username));
    const body = await res.json();
    assert.equal(body.fields?.username, INVISIBLE, JSON.stringify(username));
  }
  assert.deepEqual(await t.db.query`SELECT id FROM users`, []);
});

Deno.test('a name in another width is the same name: taken at signup, found at login', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'Bruno', email: 'bruno@example.com' });
  const signupToken = await t.verifyEmail('ana@example.com');
  const taken = await t.post('/api/signup/', {
    username: 'ＢＲＵＮＯ',
    email: 'ana@example.com',
    password: 'Popcorn#Night7',
    role: 'user',
    signup_token: signupToken,
  });
  assert.equal(taken.status, 400);
  assert.deepEqual((await taken.json()).fields, {
    username: 'A user with this name already exists.',
  });
  const login = await t.login('ｂｒｕｎｏ');
  assert.equal(login.user.username, 'Bruno');
});

Deno.test('a NUL or a broken character in the login name is a 400, never a 500', async () => {
  await using t = await createAccountsTestApp();
  for (const name of ['ad\u0000min', 'admin\ud800', 'ana\u0000@example.com']) {
    const res = await t.post('/api/login/', { email_or_username: name, password: 'whatever' });
    assert.equal(res.status, 400, JSON.stringify(name));
    const body = await res.json();
    assert.equal(
      body.fields?.email_or_username,
      'Email or username contains characters that are not allowed.',
    );
  }
  assert.deepEqual(t.logger.errors, []);
});
