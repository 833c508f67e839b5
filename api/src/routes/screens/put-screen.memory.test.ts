// A layout redrawn through one instance reaches another instance that answers seat maps and show
// lists from memory (docs/decisions/0030-seat-map-from-memory.md): the redraw is a seat change
// every instance hears, so no instance keeps drawing the old seats.
import assert from 'node:assert/strict';
import { eventually, instances } from '../../testing/instances.ts';
import { LAYOUT } from './screens.testing.ts';

Deno.test('a redrawn show’s seat map and list entry change on an instance answering from memory', async () => {
  await using env = await instances();
  const { a, b } = env;
  const { owner, customer, show } = await a.scenario({ rows: 2, seatsPerRow: 3 });
  await a.db.query`
    UPDATE shows SET sales_open_at = ${new Date(a.clock().getTime() + 3600_000)}
     WHERE id = ${show.id}`;
  const labels = async () =>
    (await (await b.get(`/api/shows/${show.id}/seats/`, customer.token)).json()).map(
      (s: { label: string }) => s.label,
    );
  const listed = async () =>
    (await (await b.get('/api/shows/', customer.token)).json())[0]?.total_seats;
  // B knows the map and the list, and answers them from memory.
  assert.deepEqual(await labels(), ['A1', 'A2', 'A3', 'B1', 'B2', 'B3']);
  assert.equal(await listed(), 6);
  await eventually(
    'B answers the map from memory',
    async () => {
      const before = env.rec.reads();
      await labels();
      return env.rec.reads() === before;
    },
    5000,
  );

  const res = await a.request('PUT', `/api/screens/${show.screenId}/`, {
    body: { layout: LAYOUT },
    token: owner.token,
  });
  assert.equal(res.status, 200);
  assert.equal((await res.json()).redrawn_shows, 1);
  await eventually(
    'B draws the new seats',
    async () => JSON.stringify(await labels()) === '["A1","A2","A3","A4","B1","B2"]',
    5000,
  );
  await eventually('B lists the new size', async () => (await listed()) === 5, 5000);
});
