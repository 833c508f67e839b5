import assert from 'node:assert/strict';
import { TEST_EMAIL_FROM } from '../testing/accounts.ts';
import { createBookingTestApp } from '../testing/booking.ts';
import { type FakeResend, startFakeResend } from '../testing/fake-resend.ts';
import { queueEmail } from './queue.ts';
import { resendMailer } from './resend.ts';
import { createEmailSender } from './sender.ts';

const DAY = 24 * 60 * 60_000;

async function appWithResend(resend: FakeResend, config = {}) {
  return await createBookingTestApp({
    mailer: resendMailer({ apiKey: 're_test', from: TEST_EMAIL_FROM, baseUrl: resend.url }),
    config,
  });
}

type Row = { state: string; attempts: number; last_error: string | null };
const rows = (t: { db: { query: <T>(s: TemplateStringsArray) => Promise<T[]> } }) =>
  t.db.query<Row & { kind: string; next_attempt_at: Date }>`
    SELECT kind, state, attempts, last_error, next_attempt_at FROM email_queue ORDER BY id`;

Deno.test('a booking queues its confirmation in its own transaction; one that rolls back queues none', async () => {
  await using resend = await startFakeResend();
  await using t = await appWithResend(resend);
  const { customer, show, movie, theater } = await t.scenario();
  const body = (row: string, column: number) => ({
    movie_id: movie.id,
    theater_id: theater.id,
    show_id: show.id,
    row,
    column,
  });
  // A check that fails at COMMIT, after every statement of the booking ran: the booking and its
  // email row are one transaction, so neither may remain.
  await t.db.query`
    CREATE FUNCTION refuse_email() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused by the test'; END $$`;
  await t.db.query`
    CREATE CONSTRAINT TRIGGER refuse_email AFTER INSERT ON email_queue
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refuse_email()`;
  const refused = await t.post('/api/bookings/', body('A', 1), customer.token);
  assert.equal(refused.status, 500);
  await t.settled();
  assert.deepEqual(await t.liveBookings(show.id), []);
  assert.deepEqual(await t.db.query`SELECT id FROM email_queue`, []);
  assert.equal(resend.requests, 0);

  await t.db.query`DROP TRIGGER refuse_email ON email_queue`;
  const booked = await t.post('/api/bookings/', body('A', 1), customer.token);
  assert.equal(booked.status, 201);
  const ticket = await booked.json();
  // Taken by someone else: a 409, and no email row either.
  const other = await t.account('bia');
  assert.equal((await t.post('/api/bookings/', body('A', 1), other.token)).status, 409);
  const queued = await t.db.query`SELECT kind, recipient, payload FROM email_queue`;
  assert.deepEqual(queued, [
    { kind: 'confirmation', recipient: 'ana@example.com', payload: { booking_ids: [ticket.id] } },
  ]);
  await t.settled();
  assert.equal(resend.emails.length, 1);
  assert.deepEqual(
    (await rows(t)).map((r) => r.state),
    ['sent'],
  );
  t.logger.errors.length = 0; // the refused booking's 500 was logged, as it should be
});

Deno.test('an email is sent once with its key, even when the sender dies between the send and the mark', async () => {
  await using resend = await startFakeResend();
  await using t = await appWithResend(resend);
  const { customer, show } = await t.scenario();
  assert.equal((await t.holdAndPay(customer, show.id, [show.seat('B2')])).status, 201);
  await t.settled();
  assert.equal(resend.emails.length, 1);
  const key = resend.emails[0]?.idempotencyKey;
  assert.match(key ?? '', /^cinebook-email-\d+-\d+$/);

  // As if the sender had died before marking the row: it is pending again once its lease ends.
  await t.db.query`UPDATE email_queue SET state = 'pending', sent_at = NULL`;
  t.clock.advance(60_000);
  await t.emails.drain();
  assert.equal(resend.requests, 2);
  assert.equal(resend.deduplicated, 1);
  assert.equal(resend.emails.length, 1); // Resend sent nothing the second time
  assert.deepEqual(
    (await rows(t)).map((r) => [r.state, r.attempts]),
    [['sent', 2]],
  );
});

Deno.test('a failing provider: tries back off 5 s, 10 s, 20 s ..., and the email goes out once it recovers', async () => {
  await using resend = await startFakeResend();
  resend.failWith = 500;
  await using t = await appWithResend(resend);
  const { customer, show } = await t.scenario();
  const paid = await t.holdAndPay(customer, show.id, [show.seat('C3')]);
  assert.equal(paid.status, 201); // the payment stands whatever the email does
  await t.settled();
  const waits: number[] = [];
  for (let i = 0; i < 3; i++) {
    const [row] = await rows(t);
    waits.push((row?.next_attempt_at.getTime() ?? 0) - t.clock().getTime());
    // Not due yet: a pass sends nothing.
    await t.emails.drain();
    assert.equal(resend.requests, i + 1);
    t.clock.set(row?.next_attempt_at as Date);
    await t.emails.drain();
  }
  assert.deepEqual(waits, [5_000, 10_000, 20_000]);
  assert.equal(resend.requests, 4);
  const [failing] = await rows(t);
  assert.equal(failing?.state, 'pending');
  assert.equal(failing?.attempts, 4);
  assert.match(failing?.last_error ?? '', /validation_error/);

  resend.failWith = null;
  t.clock.set(failing?.next_attempt_at as Date);
  await t.emails.drain();
  assert.equal(resend.emails.length, 1);
  assert.deepEqual(
    (await rows(t)).map((r) => [r.state, r.attempts]),
    [['sent', 5]],
  );
  assert.match(t.logger.infos.at(-1) ?? '', /sent on try 5/);
  assert.deepEqual(await t.liveBookings(show.id), [
    { seat_id: show.seat('C3'), user_id: customer.id },
  ]);
  t.logger.errors.length = 0;
});

Deno.test('an email that never goes out is given up after a day, and stays visible with its error', async () => {
  await using resend = await startFakeResend();
  resend.failWith = 503;
  await using t = await appWithResend(resend);
  const { customer, show } = await t.scenario();
  assert.equal((await t.holdAndPay(customer, show.id, [show.seat('D4')])).status, 201);
  await t.settled();
  const start = t.clock().getTime();
  for (let i = 0; i < 500; i++) {
    const [row] = await rows(t);
    if (row?.state !== 'pending') break;
    t.clock.set(row.next_attempt_at);
    await t.emails.drain();
  }
  const [row] = await rows(t);
  assert.equal(row?.state, 'failed');
  assert.match(row?.last_error ?? '', /503|validation_error/);
  // Tried for (almost) a day, every 15 minutes at most once the back-off is capped.
  const lastTry = t.clock().getTime() - start;
  assert.ok(lastTry <= DAY && lastTry > DAY - 15 * 60_000, `last try after ${lastTry} ms`);
  assert.ok((row?.attempts ?? 0) > 90 && (row?.attempts ?? 0) < 110, `${row?.attempts} tries`);
  assert.match(t.logger.errors.at(-1)?.message ?? '', /failed \d+ times; given up/);
  // Given up means given up: a later pass leaves it alone.
  t.clock.advance(DAY);
  const before = resend.requests;
  await t.emails.drain();
  assert.equal(resend.requests, before);
  t.logger.errors.length = 0;
});

Deno.test('a hanging provider is given up on after the send timeout; the email is tried again later', async () => {
  await using resend = await startFakeResend();
  resend.hang = true;
  await using t = await appWithResend(resend, { mailSendTimeoutMs: 300 });
  const { customer, show } = await t.scenario();
  const started = performance.now();
  assert.equal((await t.holdAndPay(customer, show.id, [show.seat('E5')])).status, 201);
  await t.settled();
  const waited = performance.now() - started;
  assert.ok(waited < 5_000, `the sender waited ${waited} ms`);
  assert.equal(resend.requests, 1);
  const [row] = await rows(t);
  assert.equal(row?.state, 'pending');
  assert.match(row?.last_error ?? '', /did not answer within 0.3 s/);

  resend.hang = false;
  t.clock.set(row?.next_attempt_at as Date);
  await t.emails.drain();
  assert.equal(resend.emails.length, 1);
  t.logger.errors.length = 0;
});

Deno.test('two senders on one queue send each email once (SKIP LOCKED)', async () => {
  await using resend = await startFakeResend();
  await using t = await appWithResend(resend);
  const { customer, show } = await t.scenario();
  const mailer = resendMailer({ apiKey: 're_test', from: TEST_EMAIL_FROM, baseUrl: resend.url });
  // Queued without waking anyone: then two instances' senders race for the rows.
  const ids = await t.db.query<{ id: number }>`
    SELECT id FROM bookings WHERE show_id = ${show.id}`;
  assert.deepEqual(ids, []);
  for (const seat of ['F1', 'F2', 'F3', 'F4', 'F5', 'F6']) {
    const res = await t.post(
      '/api/bookings/',
      {
        movie_id: show.movieId,
        theater_id: show.theaterId,
        show_id: show.id,
        row: seat[0],
        column: Number(seat.slice(1)),
      },
      customer.token,
    );
    assert.equal(res.status, 201);
  }
  await t.settled();
  await t.db.query`
    UPDATE email_queue
       SET state = 'pending', sent_at = NULL, attempts = 0, next_attempt_at = ${t.clock()}`;
  resend.emails.length = 0;
  const other = () =>
    createEmailSender({ db: t.db, mailer, config: t.config, clock: t.clock, logger: t.logger });
  // Fresh keys for the race (the first sends' keys would be deduplicated by the fake).
  await t.db.query`UPDATE email_queue SET created_at = created_at + interval '1 second'`;
  await Promise.all([other().drain(), other().drain(), t.emails.drain()]);
  assert.equal(resend.emails.length, 6);
  assert.equal(new Set(resend.emails.map((e) => e.idempotencyKey)).size, 6);
  assert.equal(resend.deduplicated, 0);
});

Deno.test('a started sender hears NOTIFY: an email queued elsewhere goes out without a wake', async () => {
  await using resend = await startFakeResend();
  await using t = await appWithResend(resend);
  const mailer = resendMailer({ apiKey: 're_test', from: TEST_EMAIL_FROM, baseUrl: resend.url });
  const listening = createEmailSender({
    db: t.db,
    mailer,
    config: t.config,
    clock: t.clock,
    logger: t.logger,
  });
  await listening.start();
  try {
    // Queued as another instance would (its wake() is not this sender's): only NOTIFY tells.
    await t.db.transaction((tx) =>
      queueEmail(
        tx,
        {
          kind: 'signup_code',
          to: 'ana@example.com',
          payload: { code: '123456', ttl_minutes: 10 },
        },
        t.clock(),
      ),
    );
    const deadline = Date.now() + 5_000;
    while (resend.emails.length === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    assert.equal(resend.emails.length, 1);
  } finally {
    await listening.stop();
  }
});

Deno.test('a code email is given up at the code’s expiry, and its code is blanked', async () => {
  await using resend = await startFakeResend();
  resend.failWith = 500;
  await using t = await appWithResend(resend);
  const res = await t.post('/api/email/request/', { email: 'new@example.com' });
  assert.equal(res.status, 200);
  await t.settled();
  const [queued] = await t.db.query<{ payload: { code: string } }>`SELECT payload FROM email_queue`;
  assert.match(queued?.payload.code ?? '', /^\d{6}$/);
  for (let i = 0; i < 50; i++) {
    const [row] = await rows(t);
    if (row?.state !== 'pending') break;
    t.clock.set(row.next_attempt_at);
    await t.emails.drain();
  }
  assert.deepEqual(await t.db.query`SELECT kind, state, payload FROM email_queue`, [
    { kind: 'signup_code', state: 'failed', payload: {} },
  ]);
  t.logger.errors.length = 0;
});

Deno.test('a pass that finds the database away logs one line saying so, without a stack', async () => {
  await using resend = await startFakeResend();
  await using t = await appWithResend(resend);
  const lost = Object.assign(new Error('write CONNECTION_CLOSED 127.0.0.1:5432'), {
    code: 'CONNECTION_CLOSED',
  });
  const away = {
    ...t.db,
    query: () => Promise.reject(lost),
    transaction: () => Promise.reject(lost),
  };
  const errors: { message: string; error?: unknown }[] = [];
  const sender = createEmailSender({
    db: away,
    mailer: resendMailer({ apiKey: 're_test', from: TEST_EMAIL_FROM, baseUrl: resend.url }),
    config: t.config,
    clock: () => new Date(),
    logger: { info: () => {}, error: (message, error) => errors.push({ message, error }) },
  });
  await sender.drain();
  await sender.stop();
  assert.deepEqual(errors, [
    {
      message:
        'Email queue: the database is unavailable (write CONNECTION_CLOSED 127.0.0.1:5432); trying again in 5 s',
      error: undefined,
    },
  ]);
});
