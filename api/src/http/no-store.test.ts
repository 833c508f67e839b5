import assert from 'node:assert/strict';
import { TEST_PASSWORD } from '../testing/accounts.ts';
import { createBookingTestApp } from '../testing/booking.ts';

Deno.test('answers with tokens or personal data say Cache-Control: no-store', async () => {
  await using t = await createBookingTestApp();
  const { owner, customer, show } = await t.scenario();
  const admin = await t.account('root', 'admin');
  const paid = await t.holdAndPay(customer, show.id, [show.seat('A1')]);
  assert.equal(paid.status, 201, await paid.clone().text());

  // Signing in and refreshing: tokens in the body.
  const login = await t.post('/api/login/', {
    email_or_username: customer.username,
    password: TEST_PASSWORD,
  });
  assert.equal(login.status, 200);
  const { refresh } = await login.json();
  const refreshed = await t.post('/api/token/refresh/', { refresh });
  assert.equal(refreshed.status, 200);
  const failed = await t.post('/api/login/', { email_or_username: 'nobody', password: 'x' });
  assert.equal(failed.status, 401);
  for (const [name, res] of [
    ['login', login],
    ['token refresh', refreshed],
    ['failed login', failed],
  ] as const) {
    assert.equal(res.headers.get('Cache-Control'), 'no-store', name);
  }

  // Personal data: the profile, a customer's tickets and bookings, the owner's and admin's lists.
  const reads: [string, string][] = [
    ['/api/profile/', customer.token],
    ['/api/my-tickets/', customer.token],
    ['/api/bookings/owner/', owner.token],
    ['/api/bookings/admin/', admin.token],
    ['/api/signup/?role=user', admin.token],
    ['/api/theaters/', owner.token],
    ['/api/reports/', admin.token],
  ];
  for (const [path, token] of reads) {
    const res = await t.get(path, token);
    assert.ok(res.status < 500, `${path}: ${res.status}`);
    await res.body?.cancel();
    assert.equal(res.headers.get('Cache-Control'), 'no-store', path);
  }
  // A signed-in request refused is not cached either.
  const refused = await t.get('/api/signup/?role=user', customer.token);
  assert.equal(refused.status, 403);
  assert.equal(refused.headers.get('Cache-Control'), 'no-store');
  await refused.body?.cancel();
});

Deno.test('answers that set their own Cache-Control keep it; public lists are left alone', async () => {
  await using t = await createBookingTestApp();
  const { owner, customer, show } = await t.scenario();
  const paid = await t.holdAndPay(customer, show.id, [show.seat('A1')]);
  const booking = (await paid.json()).tickets[0].id;
  // The seat map revalidates with its ETag, for a customer and for the owner who sees bookers.
  for (const token of [customer.token, owner.token]) {
    const seats = await t.get(`/api/shows/${show.id}/seats/`, token);
    assert.equal(seats.status, 200, await seats.clone().text());
    await seats.body?.cancel();
    assert.equal(seats.headers.get('Cache-Control'), 'private, no-cache');
  }
  const manifest = await t.get('/api/releases/manifest/');
  await manifest.body?.cancel();
  assert.match(manifest.headers.get('Cache-Control') ?? '', /max-age=15/);
  const calendar = await t.get(`/api/my-tickets/${booking}/calendar.ics`, customer.token);
  assert.equal(calendar.status, 200);
  await calendar.body?.cancel();
  assert.equal(calendar.headers.get('Cache-Control'), 'private, no-store');
  // Nothing personal, no token: as before.
  const openapi = await t.get('/api/openapi.json');
  assert.equal(openapi.status, 200);
  await openapi.body?.cancel();
  assert.equal(openapi.headers.get('Cache-Control'), null);
});
