import assert from 'node:assert/strict';
import { type Account, type BookingTestApp, createBookingTestApp } from '../../testing/booking.ts';
import { sse } from '../../testing/sse.ts';
import { canonicalCode } from './post-check-in.ts';
import { CheckInSchema } from './schemas.ts';

const MINUTE = 60_000;

/** An owner's show tomorrow 15:30 local with two tickets of `ana`: C7 and C8 (one order). */
async function door(t: BookingTestApp) {
  const { owner, customer, show, theater, movie } = await t.scenario();
  const paid = await t.holdAndPay(customer, show.id, [show.seat('C7'), show.seat('C8')]);
  assert.equal(paid.status, 201);
  const { tickets } = await paid.json();
  const [c7, c8] = tickets as { id: number; code: string }[];
  assert.ok(c7 && c8);
  return { owner, customer, show, theater, movie, c7, c8 };
}

const checkIn = (t: BookingTestApp, who: Account | null, body: unknown) =>
  t.post('/api/tickets/check-in/', body, who?.token);

Deno.test('the owner admits a ticket once: 200 with the ticket, the time and the show’s counts', async () => {
  await using t = await createBookingTestApp();
  const { owner, customer, show, theater, c7 } = await door(t);
  t.clock.set(new Date(show.startsAt.getTime() - 20 * MINUTE)); // 15:10 local
  const res = await checkIn(t, owner, { code: c7.code, show_id: show.id });
  assert.equal(res.status, 200);
  const body = await res.json();
  CheckInSchema.parse(body);
  assert.deepEqual(body, {
    ticket: {
      id: c7.id,
      movie_name: 'The Long Night',
      theater_name: theater.name,
      show_id: show.id,
      show: 'The Long Night · Mon, 02 Mar 2026 · 15:30',
      date: '2026-03-02',
      start_time: '15:30',
      end_time: '17:30',
      seat: { id: show.seat('C7'), row: 'C', column: 7 },
      seat_label: 'C7',
      user_name: customer.username,
      is_cancelled: false,
      checked_in_at: t.clock().toISOString(),
    },
    checked_in_at: t.clock().toISOString(),
    counts: { show_id: show.id, checked_in: 1, sold: 2 },
  });
  const [row] = await t.db.query<{ checked_in_at: Date }>`
    SELECT checked_in_at FROM bookings WHERE id = ${c7.id}`;
  assert.deepEqual(row?.checked_in_at, t.clock());
  // The customer sees it on My Tickets, and can no longer cancel it.
  const mine = await (await t.get('/api/my-tickets/', customer.token)).json();
  const seen = mine.find((x: { id: number }) => x.id === c7.id);
  assert.equal(seen.checked_in_at, t.clock().toISOString());
  assert.equal(seen.can_cancel, false);

  // Scanned again a minute later: 409 with the first time, nothing changed.
  const first = t.clock().toISOString();
  t.clock.advance(MINUTE);
  const again = await checkIn(t, owner, { code: c7.code, show_id: show.id });
  assert.equal(again.status, 409);
  const refused = await again.json();
  assert.equal(refused.code, 'already_checked_in');
  assert.equal(refused.detail, 'Already checked in at 15:10.');
  assert.equal(refused.checked_in_at, first);
  assert.equal(refused.ticket.seat_label, 'C7');
  assert.deepEqual(refused.counts, { show_id: show.id, checked_in: 1, sold: 2 });
});

Deno.test('a typed code may differ in case, spaces and dashes; the show is optional', async () => {
  await using t = await createBookingTestApp();
  const { owner, show, c7 } = await door(t);
  t.clock.set(show.startsAt);
  const typed = ` ${c7.code.toUpperCase().replaceAll('-', ' ')} `;
  const res = await checkIn(t, owner, { code: typed });
  assert.equal(res.status, 200);
  assert.equal((await res.json()).ticket.id, c7.id);
  assert.equal(canonicalCode('not a code'), null);
  assert.equal(canonicalCode(c7.code.replaceAll('-', '')), c7.code);
});

Deno.test('an admin admits any theater’s ticket', async () => {
  await using t = await createBookingTestApp();
  const { show, c8 } = await door(t);
  const admin = await t.account('root', 'admin');
  t.clock.set(new Date(show.startsAt.getTime() + 30 * MINUTE));
  const res = await checkIn(t, admin, { code: c8.code, show_id: show.id });
  assert.equal(res.status, 200);
  assert.equal((await res.json()).counts.checked_in, 1);
});

Deno.test('unknown codes and another owner’s tickets are a 404; customers 403; anonymous 401', async () => {
  await using t = await createBookingTestApp();
  const { show, customer, c7 } = await door(t);
  const other = await t.account('olga', 'owner');
  t.clock.set(show.startsAt);
  for (const code of [crypto.randomUUID(), 'ABC-123', '0'.repeat(32)]) {
    const res = await checkIn(t, other, { code });
    assert.equal(res.status, 404, code);
    assert.deepEqual(await res.json(), {
      detail: 'Unknown ticket code.',
      error: 'Unknown ticket code.',
      code: 'ticket_not_found',
    });
  }
  // Another owner's ticket looks exactly like an unknown one, and is not admitted.
  const theirs = await checkIn(t, other, { code: c7.code });
  assert.equal(theirs.status, 404);
  assert.equal((await theirs.json()).code, 'ticket_not_found');
  // Nor can they name a show that is not theirs.
  const notTheirShow = await checkIn(t, other, { code: c7.code, show_id: show.id });
  assert.equal(notTheirShow.status, 404);
  assert.equal((await notTheirShow.json()).code, 'show_not_found');

  const asCustomer = await checkIn(t, customer, { code: c7.code });
  assert.equal(asCustomer.status, 403);
  assert.equal((await asCustomer.json()).code, 'permission_denied');
  assert.equal((await checkIn(t, null, { code: c7.code })).status, 401);
  const [row] = await t.db.query<{ n: number }>`
    SELECT count(*)::int AS n FROM bookings WHERE checked_in_at IS NOT NULL`;
  assert.equal(row?.n, 0);
});

Deno.test('a cancelled ticket is refused (409 ticket_cancelled)', async () => {
  await using t = await createBookingTestApp();
  const { owner, customer, show, c8 } = await door(t);
  const cancel = await t.request('PATCH', `/api/bookings/${c8.id}/cancel/`, {
    token: customer.token,
  });
  assert.equal(cancel.status, 200);
  t.clock.set(show.startsAt);
  const res = await checkIn(t, owner, { code: c8.code, show_id: show.id });
  assert.equal(res.status, 409);
  const body = await res.json();
  assert.equal(body.code, 'ticket_cancelled');
  assert.equal(body.detail, 'This ticket was cancelled.');
  assert.equal(body.ticket.is_cancelled, true);
  assert.deepEqual(body.counts, { show_id: show.id, checked_in: 0, sold: 1 });
});

Deno.test('more than 60 minutes before the start is too early; from 60 minutes it is fine; after the end, over', async () => {
  await using t = await createBookingTestApp();
  const { owner, show, c7, c8 } = await door(t);
  t.clock.set(new Date(show.startsAt.getTime() - 61 * MINUTE));
  const early = await checkIn(t, owner, { code: c7.code, show_id: show.id });
  assert.equal(early.status, 409);
  const body = await early.json();
  assert.equal(body.code, 'too_early');
  assert.equal(body.detail, 'Too early: check-in opens at 14:30, 60 minutes before the show.');
  assert.equal(body.opens_at, new Date(show.startsAt.getTime() - 60 * MINUTE).toISOString());

  t.clock.advance(MINUTE); // exactly 60 minutes before
  assert.equal((await checkIn(t, owner, { code: c7.code, show_id: show.id })).status, 200);

  t.clock.set(new Date(show.startsAt.getTime() + 120 * MINUTE)); // the show's end
  const late = await checkIn(t, owner, { code: c8.code, show_id: show.id });
  assert.equal(late.status, 409);
  assert.equal((await late.json()).code, 'show_ended');
});

Deno.test('a ticket of another show, or another theater, is refused and not admitted', async () => {
  await using t = await createBookingTestApp();
  const { owner, customer, show, movie, theater, c7 } = await door(t);
  const later = await t.show(movie, theater, {
    startsAt: new Date(show.startsAt.getTime() + 3 * 60 * MINUTE),
  });
  const second = await t.theater(owner, { name: 'Screen Two' });
  const secondMovie = await t.movie(second, { title: 'Arrival' });
  const elsewhere = await t.show(secondMovie, second, { startsAt: show.startsAt });
  t.clock.set(show.startsAt);

  const wrongShow = await checkIn(t, owner, { code: c7.code, show_id: later.id });
  assert.equal(wrongShow.status, 409);
  const a = await wrongShow.json();
  assert.equal(a.code, 'wrong_show');
  assert.equal(
    a.detail,
    'This ticket is for another show: The Long Night · Mon, 02 Mar 2026 · 15:30.',
  );
  // The counts are the door's show's.
  assert.deepEqual(a.counts, { show_id: later.id, checked_in: 0, sold: 0 });

  const wrongTheater = await checkIn(t, owner, { code: c7.code, show_id: elsewhere.id });
  assert.equal(wrongTheater.status, 409);
  const b = await wrongTheater.json();
  assert.equal(b.code, 'wrong_theater');
  assert.equal(
    b.detail,
    `This ticket is for another theater: ${theater.name} (The Long Night · Mon, 02 Mar 2026 · 15:30).`,
  );
  const mine = await (await t.get('/api/my-tickets/', customer.token)).json();
  assert.ok(mine.every((x: { checked_in_at: string | null }) => x.checked_in_at === null));
});

Deno.test('two scanners checking in one ticket at once: one 200, one 409 already_checked_in', async () => {
  await using t = await createBookingTestApp();
  const { owner, show, c7 } = await door(t);
  const admin = await t.account('root', 'admin');
  t.clock.set(show.startsAt);
  for (let round = 0; round < 3; round++) {
    await t.db.query`UPDATE bookings SET checked_in_at = NULL WHERE id = ${c7.id}`;
    const answers = await Promise.all([
      checkIn(t, owner, { code: c7.code, show_id: show.id }),
      checkIn(t, admin, { code: c7.code, show_id: show.id }),
      checkIn(t, owner, { code: c7.code }),
    ]);
    const statuses = answers.map((r) => r.status).sort();
    assert.deepEqual(statuses, [200, 409, 409], `round ${round}`);
    const bodies = await Promise.all(answers.map((r) => r.json()));
    const admitted = bodies.find((b) => !b.code);
    for (const refused of bodies.filter((b) => b.code)) {
      assert.equal(refused.code, 'already_checked_in');
      assert.equal(refused.checked_in_at, admitted.checked_in_at);
    }
  }
});

Deno.test('a checked-in ticket cannot be cancelled (409 ticket_checked_in); the seat stays booked', async () => {
  await using t = await createBookingTestApp();
  const { owner, customer, show, c7 } = await door(t);
  t.clock.set(new Date(show.startsAt.getTime() - 30 * MINUTE)); // before the start: cancellable
  assert.equal((await checkIn(t, owner, { code: c7.code })).status, 200);
  const res = await t.request('PATCH', `/api/bookings/${c7.id}/cancel/`, {
    token: customer.token,
  });
  assert.equal(res.status, 409);
  assert.deepEqual(await res.json(), {
    detail: 'This ticket was already used at the door and can no longer be cancelled.',
    error: 'This ticket was already used at the door and can no longer be cancelled.',
    code: 'ticket_checked_in',
  });
  const [row] = await t.db.query<{ is_cancelled: boolean }>`
    SELECT is_cancelled FROM bookings WHERE id = ${c7.id}`;
  assert.equal(row?.is_cancelled, false);
  // And the database refuses it whatever the code above does.
  await assert.rejects(
    () =>
      t.db.query`UPDATE bookings SET is_cancelled = true, cancelled_at = now() WHERE id = ${c7.id}`,
    /bookings_checked_in_live/,
  );
});

Deno.test('the code must be text without NUL, at most 100 characters (400 naming the field)', async () => {
  await using t = await createBookingTestApp();
  const owner = await t.account('olga', 'owner');
  for (const [body, message] of [
    [{}, 'Enter the ticket code.'],
    [{ code: '   ' }, 'Enter the ticket code.'],
    [{ code: 42 }, 'Enter the ticket code.'],
    [{ code: 'abc\u0000' }, 'Code contains characters that are not allowed.'],
    [{ code: '\ud800' }, 'Code contains characters that are not allowed.'],
    [{ code: 'a'.repeat(101) }, 'A ticket code is at most 100 characters.'],
  ] as const) {
    const res = await checkIn(t, owner, body);
    assert.equal(res.status, 400, JSON.stringify(body));
    assert.deepEqual((await res.json()).fields, { code: message });
  }
  const badShow = await checkIn(t, owner, { code: crypto.randomUUID(), show_id: 'x' });
  assert.equal(badShow.status, 400);
  assert.deepEqual((await badShow.json()).fields, { show_id: 'Invalid show id.' });
});

Deno.test('a check-in marks the seat on the owner’s map and reaches their open seat stream; customers see neither', async () => {
  await using t = await createBookingTestApp();
  const { owner, customer, show, c7 } = await door(t);
  t.clock.set(new Date(show.startsAt.getTime() - 20 * MINUTE));
  const map = `/api/shows/${show.id}/seats/`;
  const seatOf = async (who: Account, label: string) => {
    const seats = await (await t.get(map, who.token)).json();
    return seats.find((s: { label: string }) => s.label === label);
  };
  // Read once before, so the snapshot must be replaced, not merely built.
  assert.equal((await seatOf(owner, 'C7')).checked_in, false);
  const events = sse(await t.get(`/api/shows/${show.id}/seats/events/`, owner.token));
  await events.until((m) => m.event === 'ready');

  assert.equal((await checkIn(t, owner, { code: c7.code, show_id: show.id })).status, 200);

  const change = events.json<{ seats: unknown[] }>(
    await events.until((m) => m.event === 'seats', 2000),
  );
  assert.deepEqual(change.seats, [
    { id: show.seat('C7'), status: 'booked', booked_by: customer.username, checked_in: true },
  ]);
  await events.close();
  assert.deepEqual(
    [await seatOf(owner, 'C7'), await seatOf(owner, 'C8')].map((s) => s.checked_in),
    [true, false],
  );
  const forCustomer = await seatOf(customer, 'C7');
  assert.equal(forCustomer.status, 'mine');
  assert.equal('checked_in' in forCustomer, false);
});
