import assert from 'node:assert/strict';
import { join } from 'node:path';
import { createTestApp } from '../../testing/app.ts';

Deno.test('in development without Resend, a code can be read back from GET /api/dev/outbox/', async () => {
  const dataDir = await Deno.makeTempDir();
  try {
    await using t = await createTestApp({ config: { dataDir } });
    const sent = await t.app.request('/api/email/request/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'ana@example.com' }),
    });
    assert.equal(sent.status, 200);
    await t.settled(); // queued, then written by the sender after the answer
    assert.match(t.logger.infos.join('\n'), new RegExp(join(dataDir, 'outbox')));

    const res = await t.app.request('/api/dev/outbox/?email=ANA@example.com');
    assert.equal(res.status, 200);
    const { emails } = await res.json();
    assert.equal(emails.length, 1);
    assert.equal(emails[0].to, 'ana@example.com');
    assert.match(emails[0].subject, /^Your CineBook verification code: \d{6}$/);
    const code = /(\d{6})/.exec(emails[0].text)?.[1];
    const verified = await t.app.request('/api/email/verify/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'ana@example.com', code }),
    });
    assert.equal(verified.status, 200);

    const none = await t.app.request('/api/dev/outbox/?email=bia@example.com');
    assert.deepEqual(await none.json(), { emails: [] });
    const bad = await t.app.request('/api/dev/outbox/?limit=500');
    assert.equal(bad.status, 400);
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});

Deno.test('the dev outbox route does not exist in production or when Resend is configured', async () => {
  for (const config of [
    { isProduction: true, nodeEnv: 'production' as const },
    { resendApiKey: 're_key', emailFrom: 'a@b.co' },
  ]) {
    await using t = await createTestApp({ config });
    const res = await t.app.request('/api/dev/outbox/');
    assert.equal(res.status, 404);
  }
});
