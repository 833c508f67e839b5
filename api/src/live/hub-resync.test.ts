// After its listening connection comes back, an instance reads its seat maps afresh (live/hub.ts
// onReconnect, db/generation.ts, routes/shows/seat-map-cache.ts): the server it finds may be a
// standby promoted without the last commits, whose seats_version came back to a number this
// instance already holds a snapshot of, over different seats.
import assert from 'node:assert/strict';
import { dbGeneration } from '../db/generation.ts';
import { createBookingTestApp } from '../testing/booking.ts';
import { onPostgresServer } from '../testing/db.ts';

type Seat = { id: number; status: string };

Deno.test({
  name: 'a seat map kept from before a lost connection is not answered once it is back',
  ignore: !onPostgresServer,
  async fn() {
    await using t = await createBookingTestApp();
    await t.live.start();
    const { customer, show } = await t.scenario();
    const a1 = show.seat('A1');
    const mapOf = async () => {
      const res = await t.get(`/api/shows/${show.id}/seats/`, customer.token);
      assert.equal(res.status, 200);
      return (await res.json()) as Seat[];
    };
    // This instance keeps the map at version v.
    assert.equal((await mapOf()).find((s) => s.id === a1)?.status, 'available');
    const [before] = await t.db.query<{ v: number }>`
      SELECT seats_version AS v FROM shows WHERE id = ${show.id}`;

    // The database changes under it with the same version number (as a promoted standby that
    // missed the last write would, then took another one): A1 held, seats_version back to v.
    const held = await t.post('/api/holds/', { show_id: show.id, seat_ids: [a1] }, customer.token);
    assert.equal(held.status, 201);
    await t.db.query`UPDATE shows SET seats_version = ${before?.v ?? 0} WHERE id = ${show.id}`;

    // The listening connection is lost and comes back.
    const generation = dbGeneration(t.db);
    await t.db.query`
      SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = current_database() AND application_name = 'cinema-api-listen'`;
    const deadline = Date.now() + 5000;
    while (dbGeneration(t.db) === generation && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.notEqual(dbGeneration(t.db), generation, 'the hub did not listen again within 5 s');

    assert.equal((await mapOf()).find((s) => s.id === a1)?.status, 'my_hold');
  },
});
