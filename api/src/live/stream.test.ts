// One viewer's stream (live/stream.ts) against a hand-driven hub: what it holds back while the
// opening is read, what it drops, and a viewer that stops reading.
import assert from 'node:assert/strict';
import { sse } from '../testing/sse.ts';
import type { LiveHub, Viewer } from './hub.ts';
import type { SeatEvent } from './sql.ts';
import { createSeatStream, readyFrame, SHUTDOWN_RETRY_MS } from './stream.ts';

function fakeHub() {
  const viewers = new Set<Viewer>();
  // The slots admitted and not yet released.
  const slots = new Set<Viewer>();
  const hub: LiveHub = {
    stopped: false,
    start: () => Promise.resolve(),
    subscribe(_showId, viewer) {
      viewers.add(viewer);
      return () => viewers.delete(viewer);
    },
    admit(_owner, viewer) {
      slots.add(viewer);
      return Promise.resolve({ ok: true, release: () => slots.delete(viewer) });
    },
    follow: () => {},
    epoch: () => null,
    current: () => null,
    stop: async () => {},
  };
  const send = (id: number) => {
    const event: SeatEvent = {
      id,
      show: 1,
      version: id,
      seats: [{ id: 7, status: 'booked', booked_by: 'ana', checked_in: false }],
    };
    for (const viewer of viewers) viewer.events([event]);
  };
  return { hub, viewers, slots, send };
}

const stream = (hub: LiveHub) =>
  createSeatStream({
    hub,
    showId: 1,
    clock: () => new Date(),
    heartbeatMs: 60_000,
    expiresAt: new Date(Date.now() + 3600_000),
  });

Deno.test('changes heard while the opening is read follow it, none twice, none older', async () => {
  const { hub, viewers, send } = fakeHub();
  const s = stream(hub);
  assert.equal(viewers.size, 1); // subscribed before anything is read
  send(4); // already in the opening's snapshot
  send(5);
  s.begin({ frames: [readyFrame(4, 4)], lastId: 4 }, false);
  send(5); // heard twice (a resume read it too): once on the stream
  send(6);
  const events = sse(new Response(s.readable));
  assert.deepEqual(await events.next(), { retry: 2000 });
  assert.deepEqual(await events.next(), { id: '4', event: 'ready', data: '{"version":4}' });
  const ids = [(await events.next()).id, (await events.next()).id];
  assert.deepEqual(ids, ['5', '6']);
  const data = events.skipped;
  assert.deepEqual(data, []);
  await events.close();
  assert.equal(viewers.size, 0); // the client went away: unsubscribed
});

Deno.test('a customer’s stream never carries booked_by', async () => {
  const { hub, send } = fakeHub();
  const s = stream(hub);
  s.begin({ frames: [], lastId: 0 }, false);
  send(1);
  const events = sse(new Response(s.readable));
  await events.next();
  const m = await events.next();
  assert.deepEqual(events.json(m), {
    show: 1,
    version: 1,
    seats: [{ id: 7, status: 'booked', booked_by: null, checked_in: false }],
  });
  await events.close();
});

Deno.test('a viewer that stops reading is dropped, and gets what was queued first', async () => {
  const { hub, viewers, send } = fakeHub();
  const s = stream(hub);
  s.begin({ frames: [], lastId: 0 }, true);
  for (let id = 1; id <= 3000; id++) send(id);
  assert.equal(viewers.size, 0);
  const events = sse(new Response(s.readable));
  let last: string | undefined;
  for (;;) {
    const m = await events.next();
    if (m.end) break;
    last = m.id ?? last;
  }
  assert.ok(Number(last) > 1000 && Number(last) < 3000, last);
});

Deno.test('a stream ended by a shutdown tells the client to come back soon, elsewhere', async () => {
  const { hub, viewers, send } = fakeHub();
  const s = stream(hub);
  s.begin({ frames: [readyFrame(1, 1)], lastId: 1 }, false);
  send(2);
  for (const viewer of [...viewers]) viewer.bye('shutdown');
  const events = sse(new Response(s.readable));
  assert.deepEqual(await events.next(), { retry: 2000 });
  assert.equal((await events.next()).event, 'ready');
  assert.equal((await events.next()).id, '2');
  assert.deepEqual(await events.next(), { retry: SHUTDOWN_RETRY_MS, event: 'bye', data: '{}' });
  assert.deepEqual(await events.next(), { end: true });
  assert.ok(SHUTDOWN_RETRY_MS < 2000);
  assert.equal(viewers.size, 0);
});

Deno.test('a shutdown heard while the opening is read ends the stream right after it', async () => {
  const { hub, viewers } = fakeHub();
  const s = stream(hub);
  for (const viewer of [...viewers]) viewer.bye('shutdown');
  s.begin({ frames: [readyFrame(1, 1)], lastId: 1 }, false);
  const events = sse(new Response(s.readable));
  assert.deepEqual(await events.next(), { retry: 2000 });
  assert.equal((await events.next()).event, 'ready');
  assert.deepEqual(await events.next(), { retry: SHUTDOWN_RETRY_MS, event: 'bye', data: '{}' });
  assert.deepEqual(await events.next(), { end: true });
});

Deno.test('any other bye keeps the usual wait (the instance stays up)', async () => {
  const { hub, viewers } = fakeHub();
  const s = stream(hub);
  s.begin({ frames: [], lastId: 0 }, false);
  for (const viewer of [...viewers]) viewer.bye();
  const events = sse(new Response(s.readable));
  assert.deepEqual(await events.next(), { retry: 2000 });
  assert.deepEqual(await events.next(), { event: 'bye', data: '{}' });
  assert.deepEqual(await events.next(), { end: true });
});

const owner = { userId: 1, sessionId: '00000000-0000-4000-8000-000000000001', network: '::1' };

Deno.test('a session ended while the opening is read: nothing of the opening, only the bye', async () => {
  const { hub, viewers, slots } = fakeHub();
  const s = stream(hub);
  assert.equal((await s.admit(owner)).ok, true);
  assert.equal(slots.size, 1);
  for (const viewer of [...viewers]) viewer.bye('session_ended');
  for (const viewer of [...viewers]) viewer.bye('shutdown'); // the stronger reason stays
  s.begin({ frames: [readyFrame(1, 1)], lastId: 1 }, true);
  const events = sse(new Response(s.readable));
  assert.deepEqual(await events.next(), { retry: 2000 });
  assert.deepEqual(await events.next(), { event: 'bye', data: '{"reason":"session_ended"}' });
  assert.deepEqual(await events.next(), { end: true });
  assert.equal(slots.size, 0); // the slot is free again
  assert.equal(viewers.size, 0);
});

Deno.test('the slot is held while the stream is open and freed when the client goes away', async () => {
  const { hub, slots, viewers } = fakeHub();
  const s = stream(hub);
  await s.admit(owner);
  s.begin({ frames: [], lastId: 0 }, false);
  const events = sse(new Response(s.readable));
  assert.deepEqual(await events.next(), { retry: 2000 });
  assert.equal(slots.size, 1);
  for (const viewer of [...viewers]) viewer.bye('session_ended');
  assert.deepEqual(await events.next(), { event: 'bye', data: '{"reason":"session_ended"}' });
  assert.deepEqual(await events.next(), { end: true });
  assert.equal(slots.size, 0);

  // A stream the client left before its admission came back frees it at once.
  const gone = stream(hub);
  await gone.readable.cancel();
  await gone.admit(owner);
  assert.equal(slots.size, 0);
});
