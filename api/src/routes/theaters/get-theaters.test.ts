import assert from 'node:assert/strict';
import { createBookingTestApp } from '../../testing/booking.ts';

Deno.test('theaters are listed by name with their owner and layout, to anyone signed in', async () => {
  await using t = await createBookingTestApp();
  const owner = await t.account('owner1', 'owner');
  const customer = await t.account('ana');
  const admin = await t.account('root', 'admin');
  const pvr = await t.theater(owner, { name: 'PVR Phoenix', location: 'Mumbai' });
  const inox = await t.theater(owner, {
    name: 'INOX Forum',
    location: 'Bengaluru',
    rows: 10,
    seatsPerRow: 20,
  });
  for (const who of [customer, owner, admin]) {
    const res = await t.get('/api/theaters/', who.token);
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), [
      {
        id: inox.id,
        name: 'INOX Forum',
        location: 'Bengaluru',
        owner: owner.id,
        rows: 10,
        seats_per_row: 20,
      },
      {
        id: pvr.id,
        name: 'PVR Phoenix',
        location: 'Mumbai',
        owner: owner.id,
        rows: 8,
        seats_per_row: 12,
      },
    ]);
  }
  // Without the trailing slash too.
  assert.equal((await t.get('/api/theaters', customer.token)).status, 200);
});

Deno.test('no theaters is an empty list', async () => {
  await using t = await createBookingTestApp();
  const customer = await t.account('ana');
  const res = await t.get('/api/theaters/', customer.token);
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), []);
});

Deno.test('theaters need a signed-in user', async () => {
  await using t = await createBookingTestApp();
  const res = await t.get('/api/theaters/');
  assert.equal(res.status, 401);
  assert.equal((await res.json()).code, 'not_authenticated');
});

Deno.test('with page, theaters come as an envelope scoped by role and searchable', async () => {
  await using t = await createBookingTestApp();
  const olga = await t.account('olga', 'owner');
  const oscar = await t.account('oscar', 'owner');
  const customer = await t.account('ana');
  const admin = await t.account('root', 'admin');
  // 25 of Olga's (Hall 01..25; 'Hall 07' is in Pune), 2 of Oscar's.
  for (let i = 1; i <= 25; i++) {
    const n = String(i).padStart(2, '0');
    await t.theater(olga, { name: `Hall ${n}`, location: i === 7 ? 'Pune' : 'Mumbai' });
  }
  const inox = await t.theater(oscar, { name: 'INOX Forum', location: 'Bengaluru' });
  await t.theater(oscar, { name: 'Hall of Oscar', location: 'Delhi' });

  // The owner: their own only, with theater_count.
  const first = await (await t.get('/api/theaters/?page=1', olga.token)).json();
  assert.equal(first.count, 25);
  assert.equal(first.page, 1);
  assert.equal(first.page_size, 20);
  assert.equal(first.results.length, 20);
  assert.deepEqual(first.results[0], {
    id: first.results[0].id,
    name: 'Hall 01',
    location: 'Mumbai',
    owner: olga.id,
    rows: 8,
    seats_per_row: 12,
    theater_count: 25,
  });
  const second = await (await t.get('/api/theaters/?page=2', olga.token)).json();
  assert.equal(second.count, 25);
  assert.deepEqual(
    second.results.map((r: { name: string }) => r.name),
    ['Hall 21', 'Hall 22', 'Hall 23', 'Hall 24', 'Hall 25'],
  );
  const past = await (await t.get('/api/theaters/?page=9', olga.token)).json();
  assert.deepEqual(past, {
    results: [],
    count: 25,
    count_exact: true,
    page: 9,
    page_size: 20,
  });
  const small = await (await t.get('/api/theaters/?page=3&page_size=10', olga.token)).json();
  assert.equal(small.results.length, 5);
  assert.equal(small.page_size, 10);
  // q: case-insensitive substring of name or location, within the owner's.
  const pune = await (await t.get('/api/theaters/?page=1&q=pUNe', olga.token)).json();
  assert.equal(pune.count, 1);
  assert.equal(pune.results[0].name, 'Hall 07');
  const hall1 = await (await t.get('/api/theaters/?page=1&q=hall%201', olga.token)).json();
  assert.equal(hall1.count, 10);
  const pct = await (await t.get('/api/theaters/?page=1&q=%25', olga.token)).json();
  assert.equal(pct.count, 0, 'a % in q is a literal %');
  const mine = await (await t.get('/api/theaters/?page=1&q=oscar', olga.token)).json();
  assert.equal(mine.count, 0, 'another owner’s theater never shows');

  // The admin: every theater, with owner_name; q also matches the owner's username.
  const all = await (await t.get('/api/theaters/?page=2&page_size=20', admin.token)).json();
  assert.equal(all.count, 27);
  assert.equal(all.results.length, 7);
  const byOwner = await (await t.get('/api/theaters/?page=1&q=OSCAR', admin.token)).json();
  assert.equal(byOwner.count, 2);
  assert.deepEqual(byOwner.results[1], {
    id: inox.id,
    name: 'INOX Forum',
    location: 'Bengaluru',
    owner: oscar.id,
    rows: 8,
    seats_per_row: 12,
    owner_name: 'oscar',
  });

  // A customer: the public list (no owner_name, no theater_count), plain without page.
  const plain = await (await t.get('/api/theaters/', customer.token)).json();
  assert.ok(Array.isArray(plain));
  assert.equal(plain.length, 27);
  const paged = await (await t.get('/api/theaters/?page=1&q=forum', customer.token)).json();
  assert.deepEqual(paged, {
    results: [
      {
        id: inox.id,
        name: 'INOX Forum',
        location: 'Bengaluru',
        owner: oscar.id,
        rows: 8,
        seats_per_row: 12,
      },
    ],
    count: 1,
    count_exact: true,
    page: 1,
    page_size: 20,
  });
});

Deno.test('a page list answers in one SQL statement', async () => {
  await using t = await createBookingTestApp();
  const olga = await t.account('olga', 'owner');
  await t.theater(olga, { name: 'PVR' });
  t.statements.count = 0;
  const res = await t.get('/api/theaters/?page=1&q=pv', olga.token);
  assert.equal(res.status, 200);
  // One for the user (requireAuth); then, in one transaction, the page's plan setting
  // (withCustomPlans) and its one statement.
  assert.equal(t.statements.count, 3);
});

Deno.test('bad paging parameters are a 400', async () => {
  await using t = await createBookingTestApp();
  const olga = await t.account('olga', 'owner');
  for (const [query, field] of [
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=abc', 'page'],
    ['page=1&page_size=0', 'page_size'],
    ['page=1&page_size=101', 'page_size'],
    [`page=1&q=${'x'.repeat(201)}`, 'q'],
  ]) {
    const res = await t.get(`/api/theaters/?${query}`, olga.token);
    assert.equal(res.status, 400, query);
    const body = await res.json();
    assert.deepEqual(Object.keys(body.fields), [field], query);
  }
});
