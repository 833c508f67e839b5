// A show's changes heard close together reach its viewers together (live/hub.ts
// FANOUT_WINDOW_MS, docs/decisions/0051-seat-changes-delivered-together.md): the first after a
// pause at once, the rest of a burst as one delivery and one write, in order, none lost.
import assert from 'node:assert/strict';
import { SEAT_EVENTS_CHANNEL } from '../booking/sql.ts';
import { type BookingTestApp, createBookingTestApp } from '../testing/booking.ts';
import { sse } from '../testing/sse.ts';
import { FANOUT_WINDOW_MS, type Viewer } from './hub.ts';

// Far above the scenario's own changes: a stream passes on only changes newer than its opening.
const BASE = 1_000_000;

/** Notifies changes of the show as a booking would, all at one commit (so heard at once). */
async function notify(t: BookingTestApp, showId: number, ids: number[]) {
  const payloads = ids.map((id) => JSON.stringify({ id, show: showId, version: id, seats: [] }));
  await t.db.query`SELECT pg_notify(${SEAT_EVENTS_CHANNEL}, p) FROM unnest(${payloads}::text[]) p`;
}

async function until(check: () => boolean, ms = 2000) {
  const deadline = performance.now() + ms;
  while (!check()) {
    if (performance.now() > deadline) throw new Error('not in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

Deno.test('a burst of changes goes to a viewer as one delivery after the first; the first after a pause at once', async () => {
  await using t = await createBookingTestApp();
  const { show } = await t.scenario();
  await t.live.start();
  const deliveries: { ids: number[]; at: number }[] = [];
  const viewer: Viewer = {
    events: (events) => deliveries.push({ ids: events.map((e) => e.id), at: performance.now() }),
    bye() {},
  };
  const unsubscribe = t.live.subscribe(show.id, viewer);
  try {
    await notify(t, show.id, [BASE + 1, BASE + 2, BASE + 3, BASE + 4, BASE + 5]);
    await until(() => deliveries.flatMap((d) => d.ids).length === 5);
    assert.deepEqual(
      deliveries.map((d) => d.ids),
      [[BASE + 1], [BASE + 2, BASE + 3, BASE + 4, BASE + 5]],
    );
    const [first, rest] = deliveries;
    assert.ok(first && rest && rest.at - first.at >= FANOUT_WINDOW_MS - 1, 'the rest waited');

    // After a pause the next change goes at once, alone.
    await new Promise((resolve) => setTimeout(resolve, FANOUT_WINDOW_MS * 2));
    await notify(t, show.id, [BASE + 6]);
    await until(() => deliveries.length === 3);
    assert.deepEqual(deliveries[2]?.ids, [BASE + 6]);
  } finally {
    unsubscribe();
  }
});

Deno.test('a viewer’s stream carries a burst delivered together as its frames, in order, none twice', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  const res = await t.request('GET', `/api/shows/${show.id}/seats/events/`, {
    token: customer.token,
  });
  assert.equal(res.status, 200);
  const stream = sse(res);
  assert.deepEqual(await stream.next(), { retry: 2000 });
  assert.equal((await stream.next()).event, 'ready');

  const ids = [BASE + 1, BASE + 2, BASE + 3, BASE + 4];
  await notify(t, show.id, ids);
  const heard: number[] = [];
  for (const _ of ids) {
    const m = await stream.until((x) => x.event === 'seats', 2000);
    heard.push(Number(m.id));
  }
  assert.deepEqual(heard, ids);
  await stream.close();
});
