import assert from 'node:assert/strict';
import { test } from 'node:test';
import { releasesApi } from './api.mjs';

/** A fetch that answers from a table of `METHOD path` -> [status, body], recording the calls. */
function fakeFetch(routes) {
  const calls = [];
  const fetch = async (url, init) => {
    const key = `${init.method} ${new URL(url).pathname}`;
    calls.push({ key, authorization: init.headers.Authorization ?? null, body: init.body });
    const [status, body] = routes[key] ?? [404, { detail: 'Not found' }];
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { fetch, calls };
}

const credentials = { email: 'ops@example.com', password: 'secret-password' };

test('the client signs in once as an admin and sends the token with every call', async () => {
  const { fetch, calls } = fakeFetch({
    'POST /api/login/': [200, { access: 'token-1', user: { role: 'admin' } }],
    'GET /api/releases/': [200, { remotes: {} }],
    'POST /api/releases/user/promote/': [200, { channel: {} }],
  });
  const client = releasesApi({ apiUrl: 'http://api.test/api/', credentials, fetch });
  assert.deepEqual(await client.get(''), { remotes: {} });
  assert.deepEqual(await client.post('user/promote/'), { channel: {} });
  assert.deepEqual(
    calls.map((call) => [call.key, call.authorization]),
    [
      ['POST /api/login/', null],
      ['GET /api/releases/', 'Bearer token-1'],
      ['POST /api/releases/user/promote/', 'Bearer token-1'],
    ],
  );
  assert.deepEqual(JSON.parse(calls[0].body), {
    email_or_username: 'ops@example.com',
    password: 'secret-password',
  });
});

test('an account that is not an admin is refused before any release call', async () => {
  const { fetch, calls } = fakeFetch({
    'POST /api/login/': [200, { access: 'token-2', user: { role: 'owner' } }],
  });
  const client = releasesApi({ apiUrl: 'http://api.test/api', credentials, fetch });
  await assert.rejects(client.get(''), {
    name: 'ReleaseError',
    message:
      'ops@example.com is not an admin; releases need an admin account (RELEASE_EMAIL, RELEASE_PASSWORD)',
  });
  assert.equal(calls.length, 1);
});

test("the API's own message is the error, with its status and code", async () => {
  const { fetch } = fakeFetch({
    'POST /api/login/': [200, { access: 'token-3', user: { role: 'admin' } }],
    'POST /api/releases/user/canary/': [
      400,
      { detail: 'Percent must be a whole number from 0 to 100.', code: 'validation_error' },
    ],
  });
  const client = releasesApi({ apiUrl: 'http://api.test/api', credentials, fetch });
  await assert.rejects(client.post('user/canary/', { version: '1.0.0', percent: 101 }), {
    name: 'ReleaseError',
    message: 'Percent must be a whole number from 0 to 100.',
    status: 400,
    code: 'validation_error',
  });
});

test('with RELEASE_KEY the client sends the key and never signs in, whatever the passwords', async () => {
  const { fetch, calls } = fakeFetch({
    'POST /api/releases/owner/rollback/': [200, { channel: {} }],
    'DELETE /api/releases/keys/3/': [
      403,
      { detail: 'Deploy keys are accepted only by the release routes.' },
    ],
  });
  const client = releasesApi({
    apiUrl: 'http://api.test/api',
    credentials,
    env: { RELEASE_KEY: 'cdk_abc' },
    reason: 'Bad LCP on the payout page',
    fetch,
  });
  await client.post('owner/rollback/');
  await assert.rejects(client.delete('keys/3/'), {
    message: 'Deploy keys are accepted only by the release routes.',
    status: 403,
  });
  assert.deepEqual(
    calls.map((call) => [call.key, call.authorization]),
    [
      ['POST /api/releases/owner/rollback/', 'Bearer cdk_abc'],
      ['DELETE /api/releases/keys/3/', 'Bearer cdk_abc'],
    ],
  );
  // --reason joins the body of every POST.
  assert.deepEqual(JSON.parse(calls[0].body), { reason: 'Bad LCP on the payout page' });
});
