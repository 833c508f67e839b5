import assert from 'node:assert/strict';
import { createReleasesTestApp } from '../../testing/releases.ts';
import { DETAIL_MAX, postEventSchema } from './schemas.ts';

Deno.test('a report’s detail is cut between characters, never inside one', () => {
  const parse = (detail: string) =>
    postEventSchema.parse({
      remote: 'user',
      version: '1.0.0',
      outcome: 'loaded',
      ticket: 't',
      detail,
    }).detail;
  // An emoji is two UTF-16 units; cutting at 500 units would leave half of it.
  const cut = parse(`${'x'.repeat(DETAIL_MAX - 1)}🎬 and more`);
  assert.equal(cut, 'x'.repeat(DETAIL_MAX - 1));
  assert.ok(cut?.isWellFormed());
  assert.equal(
    parse(`${'x'.repeat(DETAIL_MAX - 2)}🎬 and more`),
    `${'x'.repeat(DETAIL_MAX - 2)}🎬`,
  );
});

Deno.test('a report with NUL or a broken character in its detail is a 400, never a 500, and not recorded', async () => {
  await using t = await createReleasesTestApp();
  await t.publish('user', '1.0.0-aaaaaaaa');
  for (const detail of ['TypeError\u0000', 'bad \ud800 half']) {
    const res = await t.post('/api/releases/events/', {
      remote: 'user',
      version: '1.0.0-aaaaaaaa',
      outcome: 'load_failed',
      detail,
    });
    assert.equal(res.status, 400, JSON.stringify(detail));
    assert.equal(
      (await res.json()).fields?.detail,
      'Detail contains characters that are not allowed.',
    );
  }
  assert.deepEqual(await t.db.query`SELECT id FROM release_events`, []);
  assert.deepEqual(t.logger.errors, []);
});

Deno.test('a release’s entry and shared versions refuse NUL: 400, nothing published', async () => {
  await using t = await createReleasesTestApp();
  const cases: [Record<string, unknown>, string][] = [
    [{ entry: 'https://cdn.example.com/mfe-user/1.0.0/remote\u0000Entry.js' }, 'entry'],
    [{ shared: { react: '19.0.0\u0000' } }, 'shared'],
    [{ shared: { 'rea\u0000ct': '19.0.0' } }, 'shared'],
  ];
  for (const [extra, field] of cases) {
    const res = await t.post(
      '/api/releases/',
      {
        remote: 'user',
        version: '1.0.0-aaaaaaaa',
        entry: 'https://cdn.example.com/mfe-user/1.0.0/remoteEntry.js',
        ...extra,
      },
      { token: t.admin },
    );
    assert.equal(res.status, 400, JSON.stringify(extra));
    const fields = (await res.json()).fields ?? {};
    assert.ok(
      Object.keys(fields).some((name) => name.startsWith(field)),
      JSON.stringify(fields),
    );
  }
  assert.deepEqual(await t.db.query`SELECT id FROM releases`, []);
  assert.deepEqual(t.logger.errors, []);
});
