import assert from 'node:assert/strict';
import { createReleasesTestApp } from '../../testing/releases.ts';

const ADMIN_CALLS: [method: 'GET' | 'POST', path: string, body?: unknown][] = [
  ['GET', '/api/releases/'],
  ['GET', '/api/releases/user/versions/'],
  [
    'POST',
    '/api/releases/',
    { remote: 'user', version: '1.0.0-aaaaaaaa', entry: 'https://cdn.example.com/e.js' },
  ],
  ['POST', '/api/releases/user/canary/', { version: '1.0.0-aaaaaaaa', percent: 10 }],
  ['POST', '/api/releases/user/promote/'],
  ['POST', '/api/releases/user/rollback/'],
];

Deno.test('every registry call but the manifest and events is refused to anonymous callers (401) and to customers and owners (403)', async () => {
  await using t = await createReleasesTestApp();
  await t.publish('user', '0.9.0-00000000');
  await t.createUser({ username: 'ana', email: 'ana@example.com', role: 'user' });
  await t.createUser({ username: 'olu', email: 'olu@example.com', role: 'owner' });
  const customer = (await t.login('ana')).access;
  const owner = (await t.login('olu')).access;
  const audited = await t.db.query`SELECT id FROM release_audit`;

  for (const [method, path, body] of ADMIN_CALLS) {
    const send = (token?: string) =>
      method === 'GET'
        ? t.get(path, token ? { token } : {})
        : t.post(path, body ?? {}, token ? { token } : {});
    const anonymous = await send();
    assert.equal(anonymous.status, 401, `${method} ${path} anonymous`);
    assert.equal((await anonymous.json()).code, 'not_authenticated');
    for (const token of [customer, owner]) {
      const res = await send(token);
      assert.equal(res.status, 403, `${method} ${path}`);
      assert.deepEqual(await res.json(), {
        detail: 'You do not have permission to perform this action.',
        error: 'You do not have permission to perform this action.',
        code: 'permission_denied',
      });
    }
  }
  // Nothing was written by the refused calls.
  assert.deepEqual(await t.db.query`SELECT id FROM release_audit`, audited);
  assert.deepEqual(
    (await t.db.query<{ version: string }>`SELECT version FROM releases`).map((r) => r.version),
    ['0.9.0-00000000'],
  );
});

Deno.test('an unknown remote in the path is a 404 for an admin', async () => {
  await using t = await createReleasesTestApp();
  for (const [method, path, body] of ADMIN_CALLS) {
    if (!path.includes('/user/')) continue;
    const unknown = path.replace('/user/', '/billing/');
    const res =
      method === 'GET'
        ? await t.get(unknown, { token: t.admin })
        : await t.post(unknown, body ?? {}, { token: t.admin });
    assert.equal(res.status, 404, `${method} ${unknown}`);
    const json = await res.json();
    assert.equal(json.detail, 'Unknown remote.');
    assert.equal(json.code, 'unknown_remote');
  }
});
