import assert from 'node:assert/strict';
import { createBookingTestApp } from '../../testing/booking.ts';

Deno.test('an admin lists customers and owners, newest first, paged and searchable', async () => {
  await using t = await createBookingTestApp();
  const admin = await t.account('root', 'admin');
  const olga = await t.account('olga', 'owner');
  t.clock.advance(60_000);
  const oscar = await t.account('oscar', 'owner');
  await t.theater(olga, { name: 'One' });
  await t.theater(olga, { name: 'Two' });
  t.clock.advance(60_000);
  await t.customers(25, 'fan');

  const users = await (await t.get('/api/signup/?role=user&page=1', admin.token)).json();
  assert.equal(users.count, 25);
  assert.equal(users.results.length, 20);
  assert.deepEqual(Object.keys(users.results[0]).sort(), [
    'date_joined',
    'email',
    'id',
    'role',
    'username',
  ]);
  const page2 = await (await t.get('/api/signup/?role=user&page=2', admin.token)).json();
  assert.equal(page2.results.length, 5);
  assert.ok(page2.results.every((u: { role: string }) => u.role === 'user'));
  const fan1 = await (await t.get('/api/signup/?role=user&page=1&q=FAN1%40', admin.token)).json();
  assert.deepEqual(
    fan1.results.map((u: { email: string }) => u.email),
    ['fan1@example.com'],
  );
  assert.equal(
    (await (await t.get('/api/signup/?role=user&page=1&q=fan1', admin.token)).json()).count,
    11,
  );

  const owners = await (await t.get('/api/signup/?role=owner&page=1', admin.token)).json();
  assert.deepEqual(owners, {
    results: [
      {
        id: oscar.id,
        username: 'oscar',
        email: 'oscar@example.com',
        role: 'owner',
        date_joined: '2026-03-01T10:01:00.000Z',
        theater_count: 0,
      },
      {
        id: olga.id,
        username: 'olga',
        email: 'olga@example.com',
        role: 'owner',
        date_joined: '2026-03-01T10:00:00.000Z',
        theater_count: 2,
      },
    ],
    count: 2,
    count_exact: true,
    page: 1,
    page_size: 20,
  });
  // Without page: a plain array.
  const plain = await (await t.get('/api/signup/?role=owner', admin.token)).json();
  assert.equal(plain.length, 2);
});

Deno.test('the account lists take role user or owner only', async () => {
  await using t = await createBookingTestApp();
  const admin = await t.account('root', 'admin');
  for (const query of ['role=admin&page=1', 'page=1', 'role=&page=1', 'role=owners']) {
    const res = await t.get(`/api/signup/?${query}`, admin.token);
    assert.equal(res.status, 400, query);
    assert.deepEqual((await res.json()).fields, { role: 'Role must be user or owner.' });
  }
});

Deno.test('only admins list accounts: 403 for customers and owners, 401 without a token', async () => {
  await using t = await createBookingTestApp();
  const owner = await t.account('olga', 'owner');
  const customer = await t.account('ana');
  for (const who of [customer, owner]) {
    for (const role of ['user', 'owner']) {
      const res = await t.get(`/api/signup/?role=${role}&page=1`, who.token);
      assert.equal(res.status, 403);
      assert.equal((await res.json()).detail, 'You do not have permission to perform this action.');
    }
  }
  assert.equal((await t.get('/api/signup/?role=user&page=1')).status, 401);
});
