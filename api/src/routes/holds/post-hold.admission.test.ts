import assert from 'node:assert/strict';
import { signAdmissionToken } from '../../onsale/admission-token.ts';
import { line, setSale } from '../../onsale/testing.ts';
import { createBookingTestApp } from '../../testing/booking.ts';

const MINUTE = 60_000;

Deno.test('before its sales open a show takes no holds and no bookings; afterwards it does', async () => {
  await using t = await createBookingTestApp();
  const { show, customer } = await t.scenario();
  const opensAt = new Date(t.clock().getTime() + 30 * MINUTE);
  await setSale(t.db, show.id, { salesOpenAt: opensAt });
  const hold = { show_id: show.id, seat_ids: [show.seat('A1')] };
  const early = await t.post('/api/holds/', hold, customer.token);
  assert.equal(early.status, 409);
  const body = await early.json();
  assert.equal(body.code, 'sales_not_open');
  assert.equal(body.sales_open_at, opensAt.toISOString());
  const direct = await t.post(
    '/api/bookings/',
    { movie_id: show.movieId, theater_id: show.theaterId, show_id: show.id, row: 'B', column: 1 },
    customer.token,
  );
  assert.equal(direct.status, 409);
  assert.equal((await direct.json()).code, 'sales_not_open');
  assert.deepEqual(await t.liveBookings(show.id), []);

  t.clock.set(opensAt);
  assert.equal((await t.post('/api/holds/', hold, customer.token)).status, 201);
});

Deno.test('a high-demand show holds seats only with an admission of this account for this show', async () => {
  await using t = await createBookingTestApp({ config: { onsaleAdmissionMinutes: 5 } });
  const { show, customer, movie, theater } = await t.scenario();
  const other = await t.show(movie, theater, {
    startsAt: new Date(show.startsAt.getTime() + 6 * 3600_000),
  });
  await setSale(t.db, show.id, { highDemand: true });
  await setSale(t.db, other.id, { highDemand: true });
  const [bea] = await t.customers(1);
  assert.ok(bea);
  const hold = (token: unknown, seat = 'A1') => ({
    show_id: show.id,
    seat_ids: [show.seat(seat)],
    ...(token === undefined ? {} : { admission_token: token }),
  });
  const refused = async (body: unknown, who = customer) => {
    const res = await t.post('/api/holds/', body, who.token);
    return { status: res.status, code: (await res.json()).code };
  };

  assert.deepEqual(await refused(hold(undefined)), { status: 403, code: 'admission_required' });
  // Admitted to the other show, or another account's admission, or an access token: not valid.
  await line(t, 'POST', other.id, customer);
  const forOther = (await line(t, 'GET', other.id, customer)).body.admission_token;
  assert.deepEqual(await refused(hold(forOther)), { status: 403, code: 'admission_not_valid' });
  await line(t, 'POST', show.id, bea);
  const beas = (await line(t, 'GET', show.id, bea)).body.admission_token;
  assert.deepEqual(await refused(hold(beas)), { status: 403, code: 'admission_not_valid' });
  assert.deepEqual(await refused(hold(customer.token)), {
    status: 403,
    code: 'admission_not_valid',
  });
  const forged = await signAdmissionToken(
    { jwtSecret: 'not-the-api-secret-but-long-enough-for-hs256' },
    { userId: customer.id, showId: show.id, until: new Date(t.clock().getTime() + MINUTE) },
    t.clock(),
  );
  assert.deepEqual(await refused(hold(forged)), { status: 403, code: 'admission_not_valid' });

  // Admitted: the hold goes through with the token, until the admission's time is over.
  await line(t, 'POST', show.id, customer);
  const own = (await line(t, 'GET', show.id, customer)).body.admission_token;
  const res = await t.post('/api/holds/', hold(own), customer.token);
  assert.equal(res.status, 201);
  t.clock.advance(5 * MINUTE);
  assert.deepEqual(await refused(hold(own, 'A2')), { status: 403, code: 'admission_expired' });
  assert.deepEqual(await t.seatsOf(bea, show.id), { booked: 0, held: 0 });
});

Deno.test('a direct booking of a high-demand show needs the admission too', async () => {
  await using t = await createBookingTestApp();
  const { show, customer } = await t.scenario();
  await setSale(t.db, show.id, { highDemand: true });
  const seat = { movie_id: show.movieId, theater_id: show.theaterId, show_id: show.id };
  const without = await t.post('/api/bookings/', { ...seat, row: 'A', column: 1 }, customer.token);
  assert.equal(without.status, 403);
  assert.equal((await without.json()).code, 'admission_required');
  await line(t, 'POST', show.id, customer);
  const token = (await line(t, 'GET', show.id, customer)).body.admission_token;
  const booked = await t.post(
    '/api/bookings/',
    { ...seat, row: 'A', column: 1, admission_token: token },
    customer.token,
  );
  assert.equal(booked.status, 201);
  assert.equal((await t.liveBookings(show.id)).length, 1);
});
