// A crowd's first joins reach PostgreSQL as a few statements (db/batched.ts,
// docs/decisions/0049-batched-statements.md): the sessions an instance has not seen are read
// together, the new places inserted together, and every fan still gets their own place.
import assert from 'node:assert/strict';
import { line, setSale } from '../../onsale/testing.ts';
import { instances } from '../../testing/instances.ts';

const MINUTE = 60_000;
const FANS = 40;

Deno.test('40 fans joining at once: a few statements, each fan their own place', async () => {
  await using env = await instances({ onsaleAdmitMargin: 0 });
  const { a, b, rec, clock } = env;
  const { show } = await a.scenario({ rows: 1, seatsPerRow: 2 });
  const opensAt = new Date(clock().getTime() + MINUTE); // the line's last minutes before it
  await setSale(a.db, show.id, { salesOpenAt: opensAt, highDemand: true });
  const fans = await a.customers(FANS, 'crowd');
  const [first] = fans;
  assert.ok(first);
  // One fan twice in the crowd, as a second tab: still one place.
  const crowd = [...fans.slice(0, 10), first, ...fans.slice(10)];

  let answers: Awaited<ReturnType<typeof line>>[] = [];
  const sent = await rec.during(async () => {
    answers = await Promise.all(crowd.map((fan) => line(b, 'POST', show.id, fan)));
  });
  assert.deepEqual(new Set(answers.map((r) => r.status)), new Set([200]));

  const sessionReads = sent.filter((s) => /FROM sessions s\s+JOIN users/.test(s)).length;
  const inserts = sent.filter((s) => /^INSERT INTO sale_line/.test(s)).length;
  assert.ok(sessionReads >= 1 && sessionReads <= FANS / 4, `${sessionReads} session reads`);
  assert.ok(inserts >= 1 && inserts <= FANS / 4, `${inserts} inserts`);

  for (const { body } of answers) {
    assert.equal(body.status, 'waiting');
    assert.ok(body.place !== null && body.place >= 1 && body.place <= FANS, `place ${body.place}`);
  }
  const rows = await a.db.query<{ user_id: number }>`
    SELECT user_id FROM sale_line WHERE show_id = ${show.id}`;
  assert.deepEqual(rows.map((r) => r.user_id).sort(), fans.map((f) => f.id).sort());
  // Once the crowd is in, each fan's own place: 1 to 40, none shared.
  const places: number[] = [];
  for (const fan of fans) places.push((await line(b, 'GET', show.id, fan)).body.place as number);
  assert.deepEqual(
    places.sort((x, y) => x - y),
    Array.from({ length: FANS }, (_, i) => i + 1),
  );
});
