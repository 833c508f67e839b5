import assert from 'node:assert/strict';
import type { AuditAction, AuditEntityKind } from '../../audit/rules.ts';
import { recordAudit } from '../../audit/sql.ts';
import { type BookingTestApp, createBookingTestApp } from '../../testing/booking.ts';
import { AuditPageSchema, ENTITY_INVALID, FROM_AFTER_TO, UNKNOWN_ACTION } from './audit-schemas.ts';

const PATH = '/api/admin/audit/';
const HOUR = 3_600_000;

/** Records at hand-picked times (the test clock starts 2026-03-01 10:00Z, 15:30 in Kolkata). */
async function seed(t: BookingTestApp) {
  const olga = await t.account('olga', 'owner');
  const omar = await t.account('omar', 'owner');
  const admin = await t.account('root', 'admin');
  const base = t.clock().getTime();
  const add = (
    hours: number,
    actorId: number | null,
    action: AuditAction,
    kind: AuditEntityKind,
    id: number | string,
  ) =>
    t.db.transaction((tx) =>
      recordAudit(tx, {
        at: new Date(base + hours * HOUR),
        actorId,
        action,
        entity: { kind, id },
        details: { n: hours },
      }),
    );
  await add(0, olga.id, 'theater.created', 'theater', 1); // 1 Mar 15:30 Kolkata
  await add(1, olga.id, 'movie.created', 'movie', 7);
  await add(10, omar.id, 'theater.created', 'theater', 2); // 2 Mar 01:30 Kolkata
  await add(11, null, 'rollout.rolled_back', 'remote', 'user');
  await add(34, olga.id, 'show.created', 'show', 12); // 3 Mar 01:30 Kolkata
  return { olga, omar, admin };
}

const list = async (t: BookingTestApp, token: string, query = '') => {
  const res = await t.get(`${PATH}${query}`, token);
  assert.equal(res.status, 200, await res.clone().text());
  return AuditPageSchema.parse(await res.json());
};

Deno.test('the admin reads the audit log newest first, a page at a time', async () => {
  await using t = await createBookingTestApp();
  const { olga, admin } = await seed(t);
  const all = await list(t, admin.token);
  assert.equal(all.count, 5);
  assert.equal(all.count_exact, true);
  assert.deepEqual(
    all.results.map((r) => [r.action, r.actor]),
    [
      ['show.created', 'olga'],
      ['rollout.rolled_back', 'system'],
      ['theater.created', 'omar'],
      ['movie.created', 'olga'],
      ['theater.created', 'olga'],
    ],
  );
  assert.deepEqual(all.results[0], {
    id: all.results[0]?.id,
    at: new Date(t.clock().getTime() + 34 * HOUR).toISOString(),
    actor_id: olga.id,
    actor: 'olga',
    action: 'show.created',
    entity_kind: 'show',
    entity_id: '12',
    details: { n: 34 },
    request_id: null,
  });
  const second = await list(t, admin.token, '?page=2&page_size=2');
  assert.deepEqual(
    second.results.map((r) => r.details.n),
    [10, 1],
  );
  assert.equal(second.count, 5);
  assert.deepEqual((await list(t, admin.token, '?page=9')).results, []);
});

Deno.test('the admin filters by actor, action, entity and days in the product’s time zone', async () => {
  await using t = await createBookingTestApp();
  const { admin } = await seed(t);
  const ns = async (query: string) =>
    (await list(t, admin.token, query)).results.map((r) => r.details.n);
  assert.deepEqual(await ns('?actor=OLGA'), [34, 1, 0], 'any case');
  assert.deepEqual(await ns('?actor=system'), [11]);
  assert.deepEqual(await ns('?actor=nobody'), []);
  assert.deepEqual(await ns('?action=theater.created'), [10, 0]);
  assert.deepEqual(await ns('?entity=theater'), [10, 0]);
  assert.deepEqual(await ns('?entity=theater:2'), [10]);
  assert.deepEqual(await ns('?entity=remote:user'), [11]);
  // Days are Asia/Kolkata's: 2 Mar starts at 1 Mar 18:30Z.
  assert.deepEqual(await ns('?from=2026-03-02'), [34, 11, 10]);
  assert.deepEqual(await ns('?from=2026-03-02&to=2026-03-02'), [11, 10]);
  assert.deepEqual(await ns('?to=2026-03-01'), [1, 0]);
  assert.deepEqual(await ns('?actor=olga&from=2026-03-02'), [34]);
  assert.deepEqual(
    await ns('?from=&to=&actor=&action=&entity='),
    [34, 11, 10, 1, 0],
    'empty is absent',
  );
});

Deno.test('bad filters are a 400 with a clear message, never a 500', async () => {
  await using t = await createBookingTestApp();
  const admin = await t.account('root', 'admin');
  const cases: [string, string, string][] = [
    ['?from=2026-02-30', 'from', 'Enter a valid date (YYYY-MM-DD).'],
    ['?to=0000-01-01', 'to', 'Enter a date from 1900 to 2100.'],
    ['?from=yesterday', 'from', 'Enter a valid date (YYYY-MM-DD).'],
    ['?from=2026-03-02&to=2026-03-01', 'from', FROM_AFTER_TO],
    ['?action=theater.burned', 'action', UNKNOWN_ACTION],
    ['?entity=users', 'entity', ENTITY_INVALID],
    ['?entity=show:1;DROP', 'entity', ENTITY_INVALID],
    ['?actor=ol%00ga', 'actor', 'Actor contains characters that are not allowed.'],
    [`?actor=${'x'.repeat(151)}`, 'actor', 'Actor must be at most 150 characters.'],
    ['?page=0', 'page', 'Page must be a whole number from 1.'],
  ];
  for (const [query, field, message] of cases) {
    const res = await t.get(`${PATH}${query}`, admin.token);
    assert.equal(res.status, 400, query);
    const body = await res.json();
    assert.equal(body.code, 'validation_error', query);
    assert.equal(body.fields?.[field], message, query);
  }
});

Deno.test('only the admin reads the audit log: owners and customers 403, strangers 401', async () => {
  await using t = await createBookingTestApp();
  const owner = await t.account('olga', 'owner');
  const customer = await t.account('ana');
  for (const who of [owner, customer]) {
    const res = await t.get(PATH, who.token);
    assert.equal(res.status, 403);
    assert.equal((await res.json()).code, 'permission_denied');
  }
  assert.equal((await t.get(PATH)).status, 401);
});
