// Open seat streams are limited per account and per network, counted in PostgreSQL across
// instances (docs/decisions/0026-streams-end-with-their-session.md).
import assert from 'node:assert/strict';
import { type Account, createBookingTestApp } from '../../testing/booking.ts';
import type { SseReader } from '../../testing/sse.ts';
import {
  events,
  eventually,
  open,
  openOn,
  openSlots,
  request,
  twoInstances,
} from './get-show-seat-events.testing.ts';

Deno.test('one account holds at most 10 streams across instances: the 11th is a 429 until one ends', async () => {
  await using both = await twoInstances();
  const { a, b } = both;
  const { customer, show } = await b.scenario();
  const open: SseReader[] = [];
  for (let i = 0; i < 10; i++) {
    // Five on each instance, from different addresses: the account is what counts.
    open.push(await openOn(i % 2 ? a : b, show.id, customer.token, `198.51.100.${i + 1}`));
  }
  const refused = await request(a, show.id, customer.token, '198.51.100.99');
  assert.equal(refused.status, 429);
  assert.equal(refused.headers.get('retry-after'), '30');
  assert.equal(refused.headers.get('content-type'), 'application/json');
  const detail =
    'Too many live seat maps are open for this account (at most 10). Close one and try again.';
  assert.deepEqual(await refused.json(), {
    detail,
    error: detail,
    code: 'too_many_streams',
    scope: 'account',
    max: 10,
  });
  assert.equal((await request(b, show.id, customer.token)).status, 429);

  // Another account is not affected.
  const [bea] = await b.customers(1);
  assert.ok(bea);
  const hers = await openOn(b, show.id, bea.token);
  await hers.close();

  // Closing one frees its slot, on whichever instance it was.
  await open.pop()?.close();
  let reopened: Response | undefined;
  await eventually(async () => {
    await reopened?.body?.cancel();
    reopened = await request(b, show.id, customer.token);
    return reopened.status === 200;
  });
  await reopened?.body?.cancel();
  for (const stream of open) await stream.close();
});

Deno.test('one network holds at most 50 streams, whatever the accounts', async () => {
  await using both = await twoInstances();
  const { a, b } = both;
  const { show } = await b.scenario();
  const people = await b.customers(51);
  const open: SseReader[] = [];
  for (const [i, who] of people.slice(0, 50).entries()) {
    open.push(await openOn(i % 2 ? a : b, show.id, who.token, '203.0.113.7'));
  }
  const last = people[50] as Account;
  const refused = await request(b, show.id, last.token, '203.0.113.7');
  assert.equal(refused.status, 429);
  const body = await refused.json();
  assert.equal(body.code, 'too_many_streams');
  assert.equal(body.scope, 'address');
  assert.equal(body.max, 50);
  assert.equal(refused.headers.get('retry-after'), '30');
  // An IPv4-mapped form of the same address is the same network; another address is not.
  assert.equal((await request(a, show.id, last.token, '::ffff:203.0.113.7')).status, 429);
  const elsewhere = await openOn(a, show.id, last.token, '203.0.113.8');
  await elsewhere.close();
  for (const stream of open) await stream.close();
});

Deno.test('an IPv6 /64 is one network', async () => {
  await using t = await createBookingTestApp({
    config: { trustProxyHops: 1, seatStreamsPerAddress: 2 },
  });
  const { show } = await t.scenario();
  const people = await t.customers(3);
  const [x, y, z] = people as [Account, Account, Account];
  const s1 = await openOn(t, show.id, x.token, '2001:db8:1:2::1');
  const s2 = await openOn(t, show.id, y.token, '2001:db8:1:2:ffff::9');
  assert.equal((await request(t, show.id, z.token, '2001:db8:1:2::77')).status, 429);
  const s3 = await openOn(t, show.id, z.token, '2001:db8:1:3::1');
  for (const s of [s1, s2, s3]) await s.close();
});

Deno.test('racing opens on two instances never exceed the limit', async () => {
  await using both = await twoInstances();
  const { a, b } = both;
  const { customer, show } = await b.scenario();
  const answers = await Promise.all(
    Array.from({ length: 24 }, (_, i) =>
      request(i % 2 ? a : b, show.id, customer.token, `198.51.100.${i + 1}`),
    ),
  );
  const statuses = answers.map((r) => r.status).sort();
  assert.deepEqual(statuses, [...Array(10).fill(200), ...Array(14).fill(429)]);
  assert.equal(await openSlots(b.db, customer.id), 10);
  for (const res of answers) await res.body?.cancel();
  await eventually(async () => (await openSlots(b.db, customer.id)) === 0);
});

Deno.test('the slots of an instance that died stop counting when their lease runs out', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  const [session] = await t.db.query<{ id: string }>`
    SELECT id::text AS id FROM sessions WHERE user_id = ${customer.id}`;
  const dead = async (leaseSeconds: number) => {
    await t.db.query`
      INSERT INTO seat_streams (id, instance, user_id, session_id, network, opened_at, lease_until)
      SELECT gen_random_uuid(), '00000000-0000-4000-8000-00000000dead', ${customer.id},
             ${session?.id}::uuid, '192.0.2.1', now(), now() + ${leaseSeconds} * interval '1 second'
        FROM generate_series(1, 10)`;
  };
  await dead(60); // still within their lease: they count
  assert.equal((await t.get(events(show.id), customer.token)).status, 429);
  await t.db.query`DELETE FROM seat_streams`;
  await dead(-1); // lapsed: they do not, and they are cleared
  const { stream } = await open(t, show.id, customer);
  assert.equal(await openSlots(t.db, customer.id), 1);
  await stream.close();
});
