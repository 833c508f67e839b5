import assert from 'node:assert/strict';
import { Buffer } from 'node:buffer';
import { codeOfScan, verifyPass } from '../../../packages/contract/src/index.js';
import { resendMailer } from '../mail/resend.ts';
import { TEST_EMAIL_FROM } from '../testing/accounts.ts';
import { createBookingTestApp } from '../testing/booking.ts';
import { type CapturedEmail, startFakeResend } from '../testing/fake-resend.ts';
import { decodeQrPng } from '../testing/qr.ts';

const MINUTE = 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

Deno.test('paying sends one email through Resend: details, a QR per ticket that checks in, the .ics', async () => {
  await using resend = await startFakeResend();
  await using t = await createBookingTestApp({
    mailer: resendMailer({ apiKey: 're_test', from: TEST_EMAIL_FROM, baseUrl: resend.url }),
  });
  const owner = await t.account('olga', 'owner');
  const customer = await t.account('ana');
  // Names with HTML in them must reach the HTML body escaped.
  const theater = await t.theater(owner, { name: 'Screen <b>One</b> & Co', location: 'Pune' });
  const movie = await t.movie(theater, { title: 'Jawan' });
  const show = await t.show(movie, theater, { startsAt: new Date('2026-03-02T12:30:00Z') });
  const paid = await t.holdAndPay(customer, show.id, [show.seat('C8'), show.seat('C7')]);
  assert.equal(paid.status, 201);
  const { tickets } = await paid.json();
  await t.settled();

  assert.equal(resend.emails.length, 1);
  const email = resend.emails[0] as CapturedEmail;
  assert.deepEqual(email.to, ['ana@example.com']);
  assert.equal(email.from, TEST_EMAIL_FROM);
  assert.equal(email.subject, 'Your tickets: Jawan · Mon, 02 Mar 2026 · 18:00');
  for (const fact of [
    'Movie: Jawan',
    'Theater: Screen <b>One</b> & Co, Pune',
    'When: Mon, 02 Mar 2026, 18:00 – 20:00',
    'Seats: C7 (Standard, ₹100), C8 (Standard, ₹100)',
    'Total: ₹200',
    `Seat C7: ${tickets[0].code}`,
    `Seat C8: ${tickets[1].code}`,
  ]) {
    assert.ok(email.text.includes(fact), `text has ${fact}`);
  }
  const html = email.html ?? '';
  assert.ok(html.includes('Screen &lt;b&gt;One&lt;/b&gt; &amp; Co'));
  assert.ok(!html.includes('<b>One</b>'));
  assert.ok(html.includes('₹200'));
  assert.ok(html.includes(tickets[0].code));

  // One inline PNG per ticket, referenced from the HTML by its content id, and the calendar file.
  const attachments = email.attachments ?? [];
  const pngs = attachments.filter((a) => a.content_type === 'image/png');
  assert.equal(pngs.length, 2);
  for (const png of pngs) {
    assert.ok(png.content_id, 'inline');
    assert.ok(html.includes(`src="cid:${png.content_id}"`));
  }
  // Each QR code carries the ticket's pass, signed by the show's owner: its code, show and seat.
  const passes = pngs.map((png) => decodeQrPng(png.content) ?? '');
  const { results: keys } = await (await t.get('/api/tickets/signing-keys/', owner.token)).json();
  const verdicts = await Promise.all(passes.map((pass) => verifyPass(pass, keys)));
  assert.deepEqual(
    verdicts.map((v) => v.ok && [v.pass.code, v.pass.showId, v.pass.seatLabel]),
    tickets.map((x: { code: string }, i: number) => [x.code, show.id, ['C7', 'C8'][i]]),
  );
  const codes = passes.map((pass) => codeOfScan(pass));
  for (const code of codes) assert.match(code ?? '', UUID);
  // The same passes as My Tickets shows.
  const mine = await (await t.get('/api/my-tickets/', customer.token)).json();
  assert.deepEqual(
    mine.map((x: { pass: string }) => x.pass),
    passes,
  );

  const ics = attachments.find((a) => a.filename === 'jawan-2026-03-02.ics');
  assert.ok(ics);
  assert.match(ics.content_type ?? '', /^text\/calendar/);
  const calendar = Buffer.from(ics.content, 'base64').toString('utf8');
  assert.match(calendar, /\r\nDTSTART;TZID=Asia\/Kolkata:20260302T180000\r\n/);
  assert.match(calendar, /\r\nDTEND;TZID=Asia\/Kolkata:20260302T200000\r\n/);
  assert.match(calendar, /\r\nLOCATION:Screen <b>One<\/b> & Co\\, Pune\r\n/);

  // The code read from the email's QR code checks the ticket in at the door.
  t.clock.set(new Date(show.startsAt.getTime() - 10 * MINUTE));
  const door = await t.post(
    '/api/tickets/check-in/',
    { code: codes[0], show_id: show.id },
    owner.token,
  );
  assert.equal(door.status, 200);
  const admitted = await door.json();
  assert.equal(admitted.ticket.seat_label, 'C7');
  assert.equal(admitted.ticket.user_name, 'ana');
});

Deno.test('a repeated confirm sends nothing more; a single-seat booking is an order of its own', async () => {
  await using t = await createBookingTestApp();
  const { customer, show, movie, theater } = await t.scenario();
  const held = await t.post(
    '/api/holds/',
    { show_id: show.id, seat_ids: [show.seat('A1')] },
    customer.token,
  );
  const { id } = await held.json();
  const pay = () =>
    t.post(`/api/holds/${id}/confirm/`, undefined, customer.token, { 'Idempotency-Key': 'k1' });
  assert.equal((await pay()).status, 201);
  assert.equal((await pay()).status, 201); // a replay: the same answer, no second email
  const direct = await t.post(
    '/api/bookings/',
    { movie_id: movie.id, theater_id: theater.id, show_id: show.id, row: 'B', column: 3 },
    customer.token,
  );
  assert.equal(direct.status, 201);
  await t.settled();
  assert.deepEqual(
    t.mail.emails.map((e) => [e.to, e.subject, e.text.match(/Seats: .*/)?.[0]]),
    [
      [
        'ana@example.com',
        'Your tickets: The Long Night · Mon, 02 Mar 2026 · 15:30',
        'Seats: A1 (Standard, ₹100)',
      ],
      [
        'ana@example.com',
        'Your tickets: The Long Night · Mon, 02 Mar 2026 · 15:30',
        'Seats: B3 (Standard, ₹100)',
      ],
    ],
  );
});

Deno.test('cancelling sends a short cancellation email', async () => {
  await using t = await createBookingTestApp();
  const { customer, show } = await t.scenario();
  const paid = await t.holdAndPay(customer, show.id, [show.seat('F6'), show.seat('F7')]);
  const { tickets } = await paid.json();
  await t.settled();
  const res = await t.request('PATCH', `/api/bookings/${tickets[1].id}/cancel/`, {
    token: customer.token,
  });
  assert.equal(res.status, 200);
  await t.settled();
  const last = t.mail.emails.at(-1);
  assert.equal(last?.subject, 'Ticket cancelled: The Long Night · Mon, 02 Mar 2026 · 15:30');
  assert.match(last?.text ?? '', /is cancelled: Seat F7\./);
  assert.equal(last?.attachments, undefined);
  assert.equal(t.mail.emails.length, 2);
});
