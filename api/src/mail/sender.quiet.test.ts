// A sender with quietMs (main.ts) renders a burst of bookings' emails after the burst, not during
// it: no email goes out while the wakes keep coming, every one goes out once they pause, and a
// burst that never pauses still gets its emails out after QUIET_CAP pauses' time; an account
// email goes at once all the same, without the order emails waiting for the pause.
import assert from 'node:assert/strict';
import { createBookingTestApp } from '../testing/booking.ts';
import { memoryMailer } from '../testing/mail.ts';
import { queueEmail } from './queue.ts';
import { createEmailSender } from './sender.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function senderWithQuiet(quietMs: number) {
  const t = await createBookingTestApp();
  const mailer = memoryMailer();
  const sender = createEmailSender({
    db: t.db,
    mailer,
    config: t.config,
    clock: t.clock,
    logger: t.logger,
    quietMs,
  });
  // Rows that render without an order, woken below as an order's email is (wake('confirmation')):
  // what waits for the pause is decided by the wake.
  const queue = (n: number) =>
    queueEmail(
      t.db,
      { kind: 'signup_attempt_existing', to: `fan${n}@example.com`, payload: {} },
      t.clock(),
    );
  return {
    db: t.db,
    clock: t.clock,
    mailer,
    sender,
    queue,
    async [Symbol.asyncDispose]() {
      await sender.stop();
      await t.close();
    },
  };
}

Deno.test('emails woken during a burst go out once the wakes pause, all of them', async () => {
  await using s = await senderWithQuiet(300);
  // A loaded machine may stall this loop past the 300 ms quiet time: then the sender rightly saw
  // a pause, so the longest gap between wakes is kept to tell.
  let lastWake = performance.now();
  let longestGap = 0;
  for (let n = 0; n < 5; n++) {
    await s.queue(n);
    const now = performance.now();
    longestGap = Math.max(longestGap, now - lastWake);
    lastWake = now;
    s.sender.wake('confirmation');
    await sleep(60);
  }
  longestGap = Math.max(longestGap, performance.now() - lastWake);
  // The last wake was moments ago: nothing rendered or sent yet.
  if (longestGap < 300) assert.equal(s.mailer.attempts, 0);
  const start = performance.now();
  while (s.mailer.emails.length < 5) {
    assert.ok(performance.now() - start < 5000, 'the emails went out after the pause');
    await sleep(20);
  }
  assert.equal(s.mailer.emails.length, 5);
});

Deno.test('a burst that never pauses still sends within ten pauses’ time', async () => {
  await using s = await senderWithQuiet(150);
  await s.queue(1);
  const start = performance.now();
  s.sender.wake('confirmation');
  // Wakes every 20 ms, never a 150 ms pause, unless a loaded machine stalls this loop that long:
  // then the sender rightly sees a pause, so the longest gap between wakes is kept to tell.
  let lastWake = start;
  let longestGap = 0;
  while (s.mailer.emails.length === 0) {
    assert.ok(performance.now() - start < 6000, 'sent despite the endless burst');
    const now = performance.now();
    longestGap = Math.max(longestGap, now - lastWake);
    lastWake = now;
    s.sender.wake('confirmation');
    await sleep(20);
  }
  if (longestGap < 150) assert.ok(performance.now() - start >= 1350, 'not before the cap');
});

Deno.test('an account email goes at once in a burst, and the order emails still wait for the pause', async () => {
  await using s = await senderWithQuiet(400);
  // An order email whose order is gone: claimed, it is given up (nothing to send), so its row
  // tells whether a pass took it.
  const orderEmail = await queueEmail(
    s.db,
    { kind: 'cancellation', to: 'fan@example.com', payload: { booking_id: 987654 } },
    s.clock(),
  );
  const start = performance.now();
  s.sender.wake('cancellation');
  await s.queue(1);
  s.sender.wake('signup_attempt_existing');
  while (s.mailer.emails.length === 0) {
    assert.ok(performance.now() - start < 3000, 'the account email went out');
    await sleep(10);
  }
  const stateOf = async () =>
    (
      await s.db.query<{ state: string; attempts: number }>`
      SELECT state, attempts FROM email_queue WHERE id = ${orderEmail}`
    )[0];
  // Unless this machine stalled past the pause, the order email was not even claimed yet.
  if (performance.now() - start < 400) {
    assert.deepEqual(await stateOf(), { state: 'pending', attempts: 0 });
  }
  while ((await stateOf())?.state !== 'failed') {
    assert.ok(performance.now() - start < 6000, 'the order email was taken after the pause');
    await sleep(20);
  }
  assert.equal(s.mailer.emails.length, 1);
});
