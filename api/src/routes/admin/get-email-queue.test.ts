import assert from 'node:assert/strict';
import { createBookingTestApp } from '../../testing/booking.ts';
import { EmailQueueSchema } from './schemas.ts';

const PATH = '/api/admin/email-queue/';

Deno.test('the admin sees how many emails wait, for how long, and the given-up ones with why', async () => {
  await using t = await createBookingTestApp();
  const admin = await t.account('root', 'admin');
  const { customer, show } = await t.scenario();

  const empty = await t.request('GET', PATH, { token: admin.token });
  assert.equal(empty.status, 200);
  assert.deepEqual(await empty.json(), {
    pending: 0,
    retrying: 0,
    failed: 0,
    sent_last_day: 0,
    oldest_pending_at: null,
    oldest_pending_seconds: null,
    recent_failures: [],
  });

  // One email goes out; the next fails (and waits for its retry).
  assert.equal((await t.holdAndPay(customer, show.id, [show.seat('A1')])).status, 201);
  await t.settled();
  t.mail.failing = 1;
  const queuedAt = t.clock();
  assert.equal((await t.holdAndPay(customer, show.id, [show.seat('A2')])).status, 201);
  await t.settled();
  t.clock.advance(90_000);
  const res = await t.request('GET', PATH, { token: admin.token });
  assert.equal(res.status, 200);
  const figures = EmailQueueSchema.parse(await res.json());
  assert.deepEqual(figures, {
    pending: 1,
    retrying: 1,
    failed: 0,
    sent_last_day: 1,
    oldest_pending_at: queuedAt.toISOString(),
    oldest_pending_seconds: 90,
    recent_failures: [],
  });

  // Given up: counted, and listed with its last error.
  await t.db.query`UPDATE email_queue SET state = 'failed' WHERE state = 'pending'`;
  const after = EmailQueueSchema.parse(
    await (await t.request('GET', PATH, { token: admin.token })).json(),
  );
  assert.equal(after.pending, 0);
  assert.equal(after.oldest_pending_seconds, null);
  assert.equal(after.failed, 1);
  assert.equal(after.recent_failures[0]?.kind, 'confirmation');
  assert.equal(after.recent_failures[0]?.recipient, customer.email);
  assert.match(after.recent_failures[0]?.last_error ?? '', /The test mailer refused/);
  t.logger.errors.length = 0;
});

Deno.test('only admins see the email queue: customers and owners 403, strangers 401', async () => {
  await using t = await createBookingTestApp();
  const owner = await t.account('olga', 'owner');
  const customer = await t.account('ana');
  for (const who of [owner, customer]) {
    const res = await t.request('GET', PATH, { token: who.token });
    assert.equal(res.status, 403);
    assert.equal((await res.json()).code, 'permission_denied');
  }
  assert.equal((await t.request('GET', PATH)).status, 401);
});
