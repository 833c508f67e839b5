import assert from 'node:assert/strict';
import { Buffer } from 'node:buffer';
import { signPreview } from '../../releases/previews/links.ts';
import { createReleasesTestApp, entryOf, type ReleasesTestApp } from '../../testing/releases.ts';

const NOT_FOUND = {
  detail: 'No such preview, or it has expired.',
  code: 'not_found',
  error: 'No such preview, or it has expired.',
};

async function link(t: ReleasesTestApp, remote: string, body: Record<string, unknown>) {
  const res = await t.post(`/api/releases/${remote}/previews/`, body, { token: t.admin });
  if (res.status !== 201) throw new Error(`preview: ${res.status} ${await res.text()}`);
  return (await res.json()) as { token: string; expires_at: string };
}

Deno.test('anyone holding a valid link learns what it loads, and nothing is cached', async () => {
  await using t = await createReleasesTestApp();
  await t.publish('user', '1.1.0-bbbbbbbb');
  const { token, expires_at } = await link(t, 'user', { version: '1.1.0-bbbbbbbb' });
  const res = await t.get(`/api/releases/previews/${token}/`);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('cache-control'), 'no-store');
  assert.deepEqual(await res.json(), {
    remote: 'user',
    version: '1.1.0-bbbbbbbb',
    entry: entryOf('user', '1.1.0-bbbbbbbb'),
    integrity: null,
    expires_at,
  });
});

Deno.test('a link ends when it expires', async () => {
  await using t = await createReleasesTestApp();
  await t.publish('user', '1.1.0-bbbbbbbb');
  const { token } = await link(t, 'user', { version: '1.1.0-bbbbbbbb', expires_in_minutes: 2 });
  t.clock.advance(119_000);
  assert.equal((await t.get(`/api/releases/previews/${token}/`)).status, 200);
  t.clock.advance(1_000);
  const res = await t.get(`/api/releases/previews/${token}/`);
  assert.equal(res.status, 404);
  assert.deepEqual(await res.json(), NOT_FOUND);
});

Deno.test('a forged, altered, foreign or malformed token is a 404 that says nothing more', async () => {
  await using t = await createReleasesTestApp();
  await t.publish('user', '1.1.0-bbbbbbbb');
  await t.publish('admin', '1.1.0-bbbbbbbb');
  const { token } = await link(t, 'user', { version: '1.1.0-bbbbbbbb' });
  const [body = '', signature = ''] = token.split('.');
  const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  const reencode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const tokens = [
    // The same signature over another remote, another entry, a later expiry.
    `${reencode({ ...payload, remote: 'admin' })}.${signature}`,
    `${reencode({ ...payload, entry: 'https://evil.example.com/remoteEntry.js' })}.${signature}`,
    `${reencode({ ...payload, exp: payload.exp + 86_400 })}.${signature}`,
    // Signed with another secret (another deployment, or a guess).
    signPreview(
      { jwtSecret: 'x'.repeat(48) },
      {
        remote: 'admin',
        version: '1.1.0-bbbbbbbb',
        entry: entryOf('admin', '1.1.0-bbbbbbbb'),
        integrity: null,
        expires_at: new Date(t.clock().getTime() + 3_600_000),
      },
    ),
    `${body}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
    body,
    'not-a-token',
    `${body}.${signature}.extra`,
    '%00',
  ];
  for (const forged of tokens) {
    const res = await t.get(`/api/releases/previews/${forged}/`);
    assert.equal(res.status, 404, forged);
    assert.deepEqual(await res.json(), NOT_FOUND);
  }
  // A report ticket is signed for another purpose and never passes for a preview.
  const ticket = await t.ticket('user', '1.1.0-bbbbbbbb');
  assert.equal((await t.get(`/api/releases/previews/${ticket}/`)).status, 404);
});

Deno.test('a dev server’s preview names its entry and no version', async () => {
  await using t = await createReleasesTestApp();
  const entry = 'http://127.0.0.1:3102/remoteEntry.js';
  const { token } = await link(t, 'owner', { entry, expires_in_minutes: 1440 });
  const res = await t.get(`/api/releases/previews/${token}`);
  assert.equal(res.status, 200);
  const preview = await res.json();
  assert.equal(preview.remote, 'owner');
  assert.equal(preview.version, null);
  assert.equal(preview.entry, entry);
});
