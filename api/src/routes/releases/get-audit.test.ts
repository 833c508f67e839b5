import assert from 'node:assert/strict';
import { AUTO_ROLLBACK_MIN_REPORTERS } from '../../releases/telemetry/rules.ts';
import { makeKey, releaseLog } from '../../testing/deploy-keys.ts';
import { createReleasesTestApp, entryOf } from '../../testing/releases.ts';

const ALL = ['publish', 'canary', 'rollout', 'promote', 'rollback'];

Deno.test('every release action is recorded once, with the key or user who did it and why', async () => {
  await using t = await createReleasesTestApp();
  const { key } = await makeKey(t, { name: 'user-ci', remote: 'user', actions: ALL });
  const as = { token: key };
  const publish = (version: string) =>
    t.post('/api/releases/', { remote: 'user', version, entry: entryOf('user', version) }, as);
  const ok = async (res: Promise<Response>) => {
    const r = await res;
    assert.ok(r.status < 300, `${r.status} ${await r.clone().text()}`);
    await r.body?.cancel();
  };
  await ok(publish('1.0.0-aaaaaaaa'));
  await ok(publish('1.1.0-bbbbbbbb'));
  await ok(publish('1.1.0-bbbbbbbb')); // the same again: no change, no record
  await ok(
    t.post(
      '/api/releases/user/canary/',
      { version: '1.1.0-bbbbbbbb', percent: 10, reason: 'Try the new seat map' },
      as,
    ),
  );
  await ok(t.post('/api/releases/user/promote/', { reason: 'Ten percent looked fine' }, as));
  await ok(t.post('/api/releases/user/rollback/', {}, as));
  await ok(publish('1.2.0-cccccccc'));
  await ok(
    t.post(
      '/api/releases/user/rollout/',
      { version: '1.2.0-cccccccc', steps: [10, 50, 100], every_minutes: 10 },
      as,
    ),
  );
  await ok(t.post('/api/releases/user/rollout/pause/', { reason: 'Sale tonight' }, as));
  await ok(t.post('/api/releases/user/rollout/resume/', {}, { token: t.admin }));
  await ok(t.post('/api/releases/user/rollout/abort/', { reason: 'Bad LCP' }, as));
  await ok(t.post('/api/releases/user/canary/', { version: '1.2.0-cccccccc', percent: 50 }, as));
  // The load-failure rollback: the system's, with its own reason.
  await t.reportFrom(AUTO_ROLLBACK_MIN_REPORTERS, 'user', '1.2.0-cccccccc', 'load_failed');

  const log = (await releaseLog(t)).filter((r) => r.entity_kind === 'remote');
  assert.deepEqual(
    log.map((r) => [r.action, r.actor_id, r.actor_label, r.details.reason ?? null]),
    [
      ['release.published', null, 'key:user-ci', null],
      ['release.published', null, 'key:user-ci', null],
      ['release.canary_set', null, 'key:user-ci', 'Try the new seat map'],
      ['release.promoted', null, 'key:user-ci', 'Ten percent looked fine'],
      ['release.rolled_back', null, 'key:user-ci', null],
      ['release.published', null, 'key:user-ci', null],
      ['rollout.started', null, 'key:user-ci', null],
      ['rollout.paused', null, 'key:user-ci', 'Sale tonight'],
      ['rollout.resumed', t.adminId, 'root', null],
      ['rollout.aborted', null, 'key:user-ci', 'Bad LCP'],
      ['release.canary_set', null, 'key:user-ci', null],
      ['release.rolled_back', null, 'system', null],
    ],
  );
  assert.match(
    String((log.at(-1)?.details.after as { reason?: string } | undefined)?.reason),
    /load|fail/i,
  );
  assert.ok(!JSON.stringify(log).includes(key.slice(4)));
});

Deno.test('the release audit trail: who, what, why; a key reads its own remote only', async () => {
  await using t = await createReleasesTestApp();
  const owner = await makeKey(t, { name: 'owner-ci', remote: 'owner', actions: ALL });
  await makeKey(t, { name: 'user-ci', remote: 'user', actions: ALL });
  await t.publish('user', '1.0.0-aaaaaaaa');
  await t.post(
    '/api/releases/',
    { remote: 'owner', version: '2.0.0-aaaaaaaa', entry: entryOf('owner', '2.0.0-aaaaaaaa') },
    { token: owner.key },
  );
  await t.publish('owner', '2.1.0-bbbbbbbb');
  await t.post(
    '/api/releases/owner/canary/',
    { version: '2.1.0-bbbbbbbb', percent: 20, reason: 'Payout screen' },
    { token: owner.key },
  );

  const all = await (await t.get('/api/releases/audit/', { token: t.admin })).json();
  assert.equal(all.count, 6);
  assert.equal(all.page, 1);
  const newest = all.results[0];
  assert.equal(newest.action, 'release.canary_set');
  assert.equal(newest.remote, 'owner');
  assert.equal(newest.actor, 'owner-ci');
  assert.equal(newest.actor_kind, 'key');
  assert.equal(newest.reason, 'Payout screen');
  assert.deepEqual(
    all.results.map((r: { action: string; actor: string; actor_kind: string }) => [
      r.action,
      r.actor,
      r.actor_kind,
    ]),
    [
      ['release.canary_set', 'owner-ci', 'key'],
      ['release.published', 'root', 'user'],
      ['release.published', 'owner-ci', 'key'],
      ['release.published', 'root', 'user'],
      ['deploy_key.created', 'root', 'user'],
      ['deploy_key.created', 'root', 'user'],
    ],
  );

  const users = await (await t.get('/api/releases/audit/?remote=user', { token: t.admin })).json();
  assert.deepEqual(
    users.results.map((r: { action: string; remote: string }) => [r.action, r.remote]),
    [
      ['release.published', 'user'],
      ['deploy_key.created', 'user'],
    ],
  );
  const paged = await (
    await t.get('/api/releases/audit/?page=2&page_size=4', { token: t.admin })
  ).json();
  assert.equal(paged.results.length, 2);

  // A key: its own remote, asked or not; another remote is a 403.
  const own = await (await t.get('/api/releases/audit/', { token: owner.key })).json();
  assert.equal(own.count, 4);
  assert.ok(own.results.every((r: { remote: string }) => r.remote === 'owner'));
  const asked = await t.get('/api/releases/audit/?remote=owner', { token: owner.key });
  assert.equal((await asked.json()).count, 4);
  const other = await t.get('/api/releases/audit/?remote=user', { token: owner.key });
  assert.equal(other.status, 403);
  assert.equal((await other.json()).code, 'permission_denied');

  const bad = await t.get('/api/releases/audit/?remote=shop', { token: t.admin });
  assert.equal(bad.status, 400);
});

Deno.test('a reason longer than 200 characters is a 400 and changes nothing', async () => {
  await using t = await createReleasesTestApp();
  await t.publish('user', '1.0.0-aaaaaaaa');
  await t.publish('user', '1.1.0-bbbbbbbb');
  await t.canary('user', '1.1.0-bbbbbbbb', 10);
  const res = await t.post(
    '/api/releases/user/promote/',
    { reason: 'x'.repeat(201) },
    { token: t.admin },
  );
  assert.equal(res.status, 400);
  assert.equal((await res.json()).fields.reason, 'At most 200 characters.');
  assert.equal((await t.manifest()).remotes.user.canary?.version, '1.1.0-bbbbbbbb');
});
