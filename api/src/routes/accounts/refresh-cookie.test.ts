// The refresh token in an HttpOnly cookie (refresh-cookie.ts,
// docs/decisions/0028-refresh-token-in-an-httponly-cookie.md): what a browser receives, what a
// script could read, and what another origin can do with it.
import assert from 'node:assert/strict';
import {
  type AccountsTestApp,
  createAccountsTestApp,
  TEST_PASSWORD,
} from '../../testing/accounts.ts';

/** The Set-Cookie line for the refresh cookie, split into its attributes. */
function refreshCookie(res: Response) {
  const line = res.headers.getSetCookie().find((l) => l.startsWith('cinebook_refresh='));
  assert.ok(line, `a cinebook_refresh cookie is set (${res.headers.getSetCookie().join(' | ')})`);
  const [pair = '', ...attributes] = line.split(/;\s*/);
  return {
    value: decodeURIComponent(pair.slice(pair.indexOf('=') + 1)),
    attributes: attributes.map((a) => a.toLowerCase()),
  };
}

async function login(t: AccountsTestApp, base = 'http://localhost') {
  return await t.app.request(`${base}/api/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email_or_username: 'ana', password: TEST_PASSWORD }),
  });
}

function refreshWithCookie(
  t: AccountsTestApp,
  token: string,
  headers: Record<string, string> = {},
) {
  return t.app.request('http://localhost/api/token/refresh/', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Cookie: `cinebook_refresh=${encodeURIComponent(token)}`,
      ...headers,
    },
    body: '{}',
  });
}

Deno.test('login sets the refresh token as an HttpOnly, SameSite=Strict cookie for token/refresh only', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  const res = await login(t);
  assert.equal(res.status, 200);
  const body = await res.json();
  const cookie = refreshCookie(res);
  // The spec's body form still carries it, for clients that keep it themselves.
  assert.equal(cookie.value, body.refresh);
  assert.ok(cookie.attributes.includes('httponly'));
  assert.ok(cookie.attributes.includes('samesite=strict'));
  assert.ok(cookie.attributes.includes('path=/api/token/refresh'));
  assert.ok(cookie.attributes.includes(`max-age=${14 * 24 * 60 * 60}`));
  // Plain http on localhost (npm start): not Secure, or browsers that do not count it secure drop it.
  assert.ok(!cookie.attributes.includes('secure'));

  const https = refreshCookie(await login(t, 'https://cinebook.example'));
  assert.ok(https.attributes.includes('secure'), 'over HTTPS the cookie is Secure');
});

Deno.test('behind a trusted proxy that received HTTPS, and in production, the cookie is Secure', async () => {
  await using t = await createAccountsTestApp({ config: { trustProxyHops: 1 } });
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  const res = await t.app.request('http://localhost/api/login/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-Proto': 'https' },
    body: JSON.stringify({ email_or_username: 'ana', password: TEST_PASSWORD }),
  });
  assert.ok(refreshCookie(res).attributes.includes('secure'));

  await using p = await createAccountsTestApp({ config: { isProduction: true } });
  await p.createUser({ username: 'ana', email: 'ana@example.com' });
  assert.ok(refreshCookie(await login(p)).attributes.includes('secure'));
});

Deno.test('token/refresh with the cookie rotates it in the cookie and never puts it in the body', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  const first = refreshCookie(await login(t)).value;

  const res = await refreshWithCookie(t, first);
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.deepEqual(
    Object.keys(body),
    ['access'],
    'a script making this call gets no refresh token',
  );
  assert.equal(res.headers.get('Cache-Control'), 'no-store');
  const next = refreshCookie(res);
  assert.notEqual(next.value, first);
  assert.ok(next.attributes.includes('httponly'));
  assert.ok(next.attributes.includes('path=/api/token/refresh'));
  const profile = await t.get('/api/profile/', { token: body.access });
  assert.equal(profile.status, 200);

  // The rotated cookie works; the spent one, after the grace, is a reuse and ends the login.
  assert.equal((await refreshWithCookie(t, next.value)).status, 200);
});

Deno.test('the body form still works beside the cookie, and answers both tokens', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  const { refresh } = await (await login(t)).json();
  const res = await t.post('/api/token/refresh/', { refresh });
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.equal(typeof body.access, 'string');
  assert.equal(typeof body.refresh, 'string');
  assert.equal(res.headers.getSetCookie().length, 0, 'a client of the body form gets no cookie');
});

Deno.test('a dead cookie is a 401 and is cleared', async () => {
  await using t = await createAccountsTestApp();
  const res = await refreshWithCookie(t, 'never-issued');
  assert.equal(res.status, 401);
  assert.equal((await res.json()).code, 'token_not_valid');
  const cleared = refreshCookie(res);
  assert.equal(cleared.value, '');
  assert.ok(cleared.attributes.includes('max-age=0'));
});

Deno.test('another origin may not use the cookie; the page’s own origin and the allowed ones may', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  const token = refreshCookie(await login(t)).value;
  for (const origin of ['http://localhost:9999', 'https://evil.example', 'null']) {
    const res = await refreshWithCookie(t, token, { Origin: origin });
    assert.equal(res.status, 403, origin);
    assert.equal((await res.json()).code, 'origin_not_allowed');
  }
  // Refused before anything was spent: the owner's cookie still works, from its own origin
  // (the shell's proxy keeps the Host) and from an allowed app origin.
  const own = await refreshWithCookie(t, token, {
    Origin: 'http://shop.example',
    Host: 'shop.example',
  });
  assert.equal(own.status, 200);
  const allowed = await refreshWithCookie(t, refreshCookie(own).value, {
    Origin: t.config.corsOrigins[0] as string,
  });
  assert.equal(allowed.status, 200);
});

Deno.test('logout with the access token alone ends its login and clears the cookie', async () => {
  await using t = await createAccountsTestApp();
  await t.createUser({ username: 'ana', email: 'ana@example.com' });
  const res = await login(t);
  const { access } = await res.json();
  const token = refreshCookie(res).value;

  const out = await t.post('/api/logout/', {}, { token: access });
  assert.equal(out.status, 204);
  const cleared = refreshCookie(out);
  assert.equal(cleared.value, '');
  assert.ok(cleared.attributes.includes('max-age=0'));
  assert.ok(cleared.attributes.includes('path=/api/token/refresh'));
  assert.equal((await refreshWithCookie(t, token)).status, 401, 'the cookie’s token is dead');
  assert.equal((await t.get('/api/profile/', { token: access })).status, 401);

  // An access token that proves nothing ends nothing, and still answers 204.
  assert.equal((await t.post('/api/logout/', {}, { token: 'garbage' })).status, 204);
});
