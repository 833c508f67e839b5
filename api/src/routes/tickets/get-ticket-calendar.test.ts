import assert from 'node:assert/strict';
import { createBookingTestApp } from '../../testing/booking.ts';

Deno.test('a customer downloads their ticket’s show as an .ics: the order’s live seats, local times', async () => {
  await using t = await createBookingTestApp();
  const { customer, show, theater } = await t.scenario();
  const paid = await t.holdAndPay(customer, show.id, [show.seat('C7'), show.seat('C8')]);
  const { tickets } = await paid.json();
  await t.request('PATCH', `/api/bookings/${tickets[1].id}/cancel/`, { token: customer.token });

  const res = await t.get(`/api/my-tickets/${tickets[0].id}/calendar.ics`, customer.token);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'text/calendar; charset=utf-8');
  assert.equal(
    res.headers.get('content-disposition'),
    'attachment; filename="the-long-night-2026-03-02.ics"',
  );
  const file = (await res.text()).replace(/\r\n /g, '');
  assert.ok(file.startsWith('BEGIN:VCALENDAR\r\n'));
  assert.match(file, /\r\nDTSTART;TZID=Asia\/Kolkata:20260302T153000\r\n/);
  assert.match(file, /\r\nDTEND;TZID=Asia\/Kolkata:20260302T173000\r\n/);
  assert.match(file, /\r\nSUMMARY:The Long Night at Screen owner1\r\n/);
  assert.match(file, new RegExp(`\\r\\nLOCATION:${theater.name}\\\\, Mumbai\\r\\n`));
  // The cancelled seat is no longer in it; the UID is the order's, as in the email.
  assert.match(file, /\r\nDESCRIPTION:Seat C7\. /);
  const holdId = (
    await t.db.query<{ hold_id: number }>`
    SELECT hold_id FROM bookings WHERE id = ${tickets[0].id}`
  )[0]?.hold_id;
  assert.match(file, new RegExp(`\\r\\nUID:order-h${holdId}@cinebook\\r\\n`));
});

Deno.test('someone else’s or an unknown ticket is a 404, a cancelled one a 409, no token a 401', async () => {
  await using t = await createBookingTestApp();
  const { customer, show, owner } = await t.scenario();
  const [bea] = await t.customers(1);
  assert.ok(bea);
  const paid = await t.holdAndPay(customer, show.id, [show.seat('A1')]);
  const [ticket] = (await paid.json()).tickets;
  for (const who of [bea, owner]) {
    const res = await t.get(`/api/my-tickets/${ticket.id}/calendar.ics`, who.token);
    assert.equal(res.status, 404);
    assert.equal((await res.json()).detail, 'Ticket not found.');
  }
  assert.equal((await t.get('/api/my-tickets/999999/calendar.ics', customer.token)).status, 404);
  assert.equal((await t.get(`/api/my-tickets/${ticket.id}/calendar.ics`)).status, 401);
  await t.request('PATCH', `/api/bookings/${ticket.id}/cancel/`, { token: customer.token });
  const cancelled = await t.get(`/api/my-tickets/${ticket.id}/calendar.ics`, customer.token);
  assert.equal(cancelled.status, 409);
  assert.equal((await cancelled.json()).code, 'ticket_cancelled');
});
