// Release actions go into the audit log too (releases/registry/sql.ts insertAudit writes both
// release_audit and audit_log): the admin's publish, canary, promote, rollback and rollout
// controls as the admin's, the ticker's automatic rollback as the system's.
import assert from 'node:assert/strict';
import type { Db } from '../db/db.ts';
import { createReleasesTestApp } from '../testing/releases.ts';
import {
  CANARY,
  healthy,
  LONG_TOKENS,
  STABLE,
  tick,
  traffic,
  withPlan,
} from '../testing/rollouts.ts';

const records = (db: Db) =>
  db.query<{
    actor_id: number | null;
    actor_label: string;
    action: string;
    entity_kind: string;
    entity_id: string;
    details: { before: unknown; after: Record<string, unknown> };
  }>`
    SELECT actor_id, actor_label, action, entity_kind, entity_id, details FROM audit_log
     ORDER BY id`;

Deno.test('the admin’s release actions are recorded as theirs, with the channel before and after', async () => {
  await using t = await createReleasesTestApp();
  const [admin] = await t.db.query<{ username: string }>`
    SELECT username FROM users WHERE id = ${t.adminId}`;
  await t.publish('owner', '1.0.0-aaaaaaaa');
  await t.publish('owner', '1.1.0-bbbbbbbb');
  await t.canary('owner', '1.1.0-bbbbbbbb', 30);
  const promoted = await t.post('/api/releases/owner/promote/', {}, { token: t.admin });
  assert.equal(promoted.status, 200);
  const rows = await records(t.db);
  assert.deepEqual(
    rows.map((r) => [r.action, r.actor_id, r.actor_label, r.entity_kind, r.entity_id]),
    [
      ['release.published', t.adminId, admin?.username, 'remote', 'owner'],
      ['release.published', t.adminId, admin?.username, 'remote', 'owner'],
      ['release.canary_set', t.adminId, admin?.username, 'remote', 'owner'],
      ['release.promoted', t.adminId, admin?.username, 'remote', 'owner'],
    ],
  );
  assert.deepEqual(rows.at(-1)?.details, {
    before: {
      stable: '1.0.0-aaaaaaaa',
      previous_stable: null,
      canary: '1.1.0-bbbbbbbb',
      canary_percent: 30,
    },
    after: {
      stable: '1.1.0-bbbbbbbb',
      previous_stable: '1.0.0-aaaaaaaa',
      canary: null,
      canary_percent: 0,
    },
  });
  // A refused action (no canary to promote) writes nothing.
  assert.equal((await t.post('/api/releases/owner/promote/', {}, { token: t.admin })).status, 409);
  assert.equal((await records(t.db)).length, 4);
});

Deno.test('a rollout’s start, pause and resume are the admin’s; the ticker’s rollback the system’s', async () => {
  await using t = await createReleasesTestApp(LONG_TOKENS);
  await withPlan(t);
  for (const step of ['pause', 'resume']) {
    const res = await t.post(`/api/releases/user/rollout/${step}/`, {}, { token: t.admin });
    assert.equal(res.status, 200, step);
  }
  await traffic(t, 'user', STABLE, healthy());
  await traffic(t, 'user', CANARY, { ...healthy(), errors: 4, offset: 10 });
  t.clock.advance(5000);
  assert.equal((await tick(t))[0]?.action, 'rolled_back');
  const rows = await records(t.db);
  assert.deepEqual(
    rows.map((r) => [r.action, r.actor_id === null ? 'system' : 'admin', r.actor_label]).slice(2),
    [
      ['rollout.started', 'admin', rows[0]?.actor_label],
      ['rollout.paused', 'admin', rows[0]?.actor_label],
      ['rollout.resumed', 'admin', rows[0]?.actor_label],
      ['rollout.rolled_back', 'system', 'system'],
    ],
  );
  const rollback = rows.at(-1);
  assert.match(String(rollback?.details.after.reason), /^Automatic rollback: error rate/);
  assert.equal(rollback?.details.after.canary, null);
});
