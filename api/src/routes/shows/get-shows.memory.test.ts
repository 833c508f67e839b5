// The customer's show list from memory (show-counts-cache.ts): an instance that hears every seat
// change answers a list it read within the last second with no statement, byte for byte what an
// instance reading the database sends, for each filter; a hold or a booking made through another
// instance, a session ended there and a show added there count within a second.
import assert from 'node:assert/strict';
import { COMPRESS_MIN_BYTES } from '../../http/compression.ts';
import type { BookingTestApp } from '../../testing/booking.ts';
import { BROWSER_ACCEPT_ENCODING, decodedText } from '../../testing/compressed.ts';
import { eventually, instances } from '../../testing/instances.ts';

type Answer = { status: number; body: string };

async function listOf(t: BookingTestApp, token: string, query = ''): Promise<Answer> {
  const res = await t.get(`/api/shows/${query}`, token);
  return { status: res.status, body: await res.text() };
}

/** B answers from memory (no statement) exactly what C reads from the database. */
async function fromMemoryAsC(
  env: Awaited<ReturnType<typeof instances>>,
  token: string,
  query = '',
): Promise<Answer> {
  let last: { memory: Answer; database: Answer } | undefined;
  await eventually(
    `B answers ${query || 'the list'} from memory as C reads it`,
    async () => {
      await listOf(env.b, token, query);
      const sent = await env.rec.during(async () => {
        last = {
          memory: await listOf(env.b, token, query),
          database: await listOf(env.c, token, query),
        };
      });
      return sent.length === 0 && last?.memory.body === last?.database.body;
    },
    5000,
  );
  assert.ok(last);
  assert.equal(last.memory.status, 200);
  return last.memory;
}

Deno.test('the show list from memory reads nothing and is the database’s answer, for each filter, after each change', async () => {
  await using env = await instances();
  const { a, clock } = env;
  const { owner, customer, theater, show, movie } = await a.scenario({ rows: 2, seatsPerRow: 3 });
  const second = await a.theater(owner, { name: 'Second' });
  const before = await fromMemoryAsC(env, customer.token);
  assert.equal(JSON.parse(before.body).length, 1);
  await fromMemoryAsC(env, customer.token, `?movie=${movie.id}`);
  await fromMemoryAsC(env, customer.token, `?theater=${theater.id}`);
  assert.deepEqual(
    JSON.parse((await fromMemoryAsC(env, customer.token, `?theater=${second.id}`)).body),
    [],
  );

  // A hold through A: B's counts move within a second, with no clock move (a seat change heard).
  const held = await a.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [show.seat('A1'), show.seat('A2')] },
    customer.token,
  );
  assert.equal(held.status, 201);
  const availableOnB = async () =>
    JSON.parse((await listOf(env.b, customer.token)).body)[0]?.available_seats as number;
  await eventually('the hold in B’s list', async () => (await availableOnB()) === 4);
  await fromMemoryAsC(env, customer.token);

  // A show added through A (no seat change): in B's list once its second has passed.
  const added = await a.show(await a.movie(second), second);
  clock.advance(1000);
  const list = JSON.parse((await fromMemoryAsC(env, customer.token)).body) as { id: number }[];
  assert.ok(list.some((s) => s.id === added.id));
});

Deno.test('a session ended through another instance is refused by the list within a second', async () => {
  await using env = await instances();
  const { a, b } = env;
  const { customer } = await a.scenario({ rows: 1, seatsPerRow: 2 });
  await fromMemoryAsC(env, customer.token);
  await a.db.query`UPDATE sessions SET revoked_at = now() WHERE user_id = ${customer.id}`;
  await eventually('the 401', async () => (await listOf(b, customer.token)).status === 401);
});

Deno.test('a browser gets the list compressed, written and compressed once while it is kept, the same text decoded', async () => {
  await using env = await instances();
  const { a, b } = env;
  const { owner, customer } = await a.scenario({ rows: 2, seatsPerRow: 3 });
  const theater = await a.theater(owner, { name: 'Second' });
  const movie = await a.movie(theater);
  for (let day = 1; day <= 6; day++) {
    await a.show(movie, theater, { startsAt: new Date(a.clock().getTime() + day * 86_400_000) });
  }
  const plain = await fromMemoryAsC(env, customer.token);
  assert.ok(plain.body.length > COMPRESS_MIN_BYTES, 'a list big enough to compress');
  const read = (accept: string) =>
    b.request('GET', '/api/shows/', {
      token: customer.token,
      headers: { 'Accept-Encoding': accept },
    });
  const sent = await env.rec.during(async () => {
    const first = await read(BROWSER_ACCEPT_ENCODING);
    const second = await read(BROWSER_ACCEPT_ENCODING);
    assert.equal(first.headers.get('Content-Encoding'), 'br');
    assert.match(first.headers.get('Vary') ?? '', /Accept-Encoding/);
    const bytes = new Uint8Array(await first.clone().arrayBuffer());
    assert.ok(bytes.length < plain.body.length / 3, 'a fraction of the bytes');
    assert.deepEqual(new Uint8Array(await second.arrayBuffer()), bytes);
    assert.equal(await decodedText(first), plain.body);
    const gzip = await read('gzip');
    assert.equal(gzip.headers.get('Content-Encoding'), 'gzip');
    assert.equal(await decodedText(gzip), plain.body);
    const none = await read('identity');
    assert.equal(none.headers.get('Content-Encoding'), null);
    assert.equal(await none.text(), plain.body);
  });
  assert.equal(sent.length, 0, 'all from memory');
  // An instance that does not hear the changes (C) writes the list for each request: compressed
  // too (at the fast levels), the same text decoded.
  const fromC = await env.c.request('GET', '/api/shows/', {
    token: customer.token,
    headers: { 'Accept-Encoding': BROWSER_ACCEPT_ENCODING },
  });
  assert.equal(fromC.headers.get('Content-Encoding'), 'br');
  assert.equal(await decodedText(fromC), plain.body);
});
