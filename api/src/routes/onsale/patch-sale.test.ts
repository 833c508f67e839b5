import assert from 'node:assert/strict';
import { createBookingTestApp } from '../../testing/booking.ts';

const MINUTE = 60_000;

Deno.test('an owner gives a show a sales opening time and marks it high-demand', async () => {
  await using t = await createBookingTestApp();
  const { owner, customer, show } = await t.scenario();
  const opensAt = new Date(t.clock().getTime() + 60 * MINUTE);
  const res = await t.request('PATCH', `/api/onsale/${show.id}/`, {
    token: owner.token,
    body: { sales_open_at: opensAt.toISOString(), high_demand: true },
  });
  assert.equal(res.status, 200);
  const sale = {
    show_id: show.id,
    sales_open_at: opensAt.toISOString(),
    high_demand: true,
    sales_open: false,
    line_opens_at: new Date(opensAt.getTime() - 10 * MINUTE).toISOString(),
    admission_minutes: 5,
    waitlist_length: 0,
    now: t.clock().toISOString(),
  };
  assert.deepEqual(await res.json(), sale);
  // A customer reads the same for the countdown.
  const read = await t.get(`/api/onsale/${show.id}/`, customer.token);
  assert.deepEqual(await read.json(), sale);
  // Only high_demand changes; the opening time stays.
  const off = await t.request('PATCH', `/api/onsale/${show.id}/`, {
    token: owner.token,
    body: { high_demand: false },
  });
  assert.deepEqual(await off.json(), { ...sale, high_demand: false, line_opens_at: null });
  const [row] = await t.db.query<{ sales_open_at: Date; high_demand: boolean }>`
    SELECT sales_open_at, high_demand FROM shows WHERE id = ${show.id}`;
  assert.deepEqual(row, { sales_open_at: opensAt, high_demand: false });
});

Deno.test('the opening time must be ahead and before the show; only its owner changes it', async () => {
  await using t = await createBookingTestApp();
  const { owner, customer, show } = await t.scenario();
  const other = await t.account('otto', 'owner');
  const patch = (body: unknown, token = owner.token) =>
    t.request('PATCH', `/api/onsale/${show.id}/`, { token, body });
  const past = await patch({ sales_open_at: new Date(t.clock().getTime() - MINUTE).toISOString() });
  assert.equal(past.status, 400);
  assert.deepEqual((await past.json()).fields, {
    sales_open_at: 'The sales opening time must be in the future.',
  });
  const late = await patch({ sales_open_at: show.startsAt.toISOString() });
  assert.equal(late.status, 400);
  assert.deepEqual((await late.json()).fields, {
    sales_open_at: 'Sales must open before the show starts.',
  });
  const bad = await patch({ sales_open_at: 'tomorrow at ten' });
  assert.equal(bad.status, 400);
  assert.equal((await bad.json()).code, 'validation_error');
  assert.equal((await patch({ high_demand: 'yes' })).status, 400);
  assert.equal((await patch({ high_demand: true }, other.token)).status, 404);
  assert.equal((await t.get(`/api/onsale/${show.id}/`, other.token)).status, 404);
  assert.equal((await patch({ high_demand: true }, customer.token)).status, 403);
  const [row] = await t.db
    .query`SELECT sales_open_at, high_demand FROM shows WHERE id = ${show.id}`;
  assert.deepEqual(row, { sales_open_at: null, high_demand: false });
});

Deno.test('a new show can be added with its sales opening time and high demand', async () => {
  await using t = await createBookingTestApp();
  const olga = await t.account('olga', 'owner');
  const pvr = await t.theater(olga);
  const jawan = await t.movie(pvr, { durationMinutes: 120 });
  // The test clock is 2026-03-01 15:30 in Asia/Kolkata; the show is the next evening.
  const show = {
    movie: jawan.id,
    theater: pvr.id,
    date: '2026-03-02',
    start_time: '18:00',
    end_time: '20:30',
  };
  const afterStart = await t.post(
    '/api/shows/',
    { ...show, sales_open_at: '2026-03-02T19:00:00+05:30', high_demand: true },
    olga.token,
  );
  assert.equal(afterStart.status, 400);
  assert.equal(
    (await afterStart.json()).fields.sales_open_at,
    'Sales must open before the show starts.',
  );
  const res = await t.post(
    '/api/shows/',
    { ...show, sales_open_at: '2026-03-02T10:00:00+05:30', high_demand: true },
    olga.token,
  );
  assert.equal(res.status, 201);
  const { id } = await res.json();
  const sale = await (await t.get(`/api/onsale/${id}/`, olga.token)).json();
  assert.equal(sale.sales_open_at, '2026-03-02T04:30:00.000Z');
  assert.equal(sale.high_demand, true);
});

Deno.test('a change that names nothing to change is a 400, not a silent 200', async () => {
  await using t = await createBookingTestApp();
  const { owner, show } = await t.scenario();
  const res = await t.request('PATCH', `/api/onsale/${show.id}/`, { token: owner.token, body: {} });
  assert.equal(res.status, 400);
  assert.equal((await res.json()).detail, 'Send sales_open_at or high_demand to change.');
});

Deno.test('changes racing on one show take turns: each audit record’s before is the one before’s after', async () => {
  await using t = await createBookingTestApp();
  const { owner, show } = await t.scenario();
  const base = t.clock().getTime();
  const times = Array.from({ length: 10 }, (_, i) => new Date(base + (60 + i) * MINUTE));
  const answers = await Promise.all(
    times.map((at) =>
      t.request('PATCH', `/api/onsale/${show.id}/`, {
        token: owner.token,
        body: { sales_open_at: at.toISOString() },
      }),
    ),
  );
  assert.deepEqual(
    answers.map((r) => r.status),
    times.map(() => 200),
  );
  const records = await t.db.query<{
    details: { before: { sales_open_at: string | null }; after: { sales_open_at: string } };
  }>`
    SELECT details FROM audit_log
     WHERE action = 'sale.changed' AND entity_id = ${String(show.id)} ORDER BY id`;
  assert.equal(records.length, 10);
  let previous: string | null = null;
  for (const { details } of records) {
    assert.equal(details.before.sales_open_at, previous);
    previous = details.after.sales_open_at;
  }
});
