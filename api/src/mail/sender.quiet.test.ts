// A sender with quietMs (main.ts) renders a burst of bookings' emails after the burst, not during
// it: no email goes out while the wakes keep coming, every one goes out once they pause, and a
// burst that never pauses still gets its emails out after QUIET_CAP pauses' time.
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
  const queue = (n: number) =>
    queueEmail(
      t.db,
      { kind: 'signup_attempt_existing', to: `fan${n}@example.com`, payload: {} },
      t.clock(),
    );
  return {
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
    s.sender.wake();
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
  s.sender.wake();
  // Wakes every 20 ms, never a 150 ms pause, unless a loaded machine stalls this loop that long:
  // then the sender rightly sees a pause, so the longest gap between wakes is kept to tell.
  let lastWake = start;
  let longestGap = 0;
  while (s.mailer.emails.length === 0) {
    assert.ok(performance.now() - start < 6000, 'sent despite the endless burst');
    const now = performance.now();
    longestGap = Math.max(longestGap, now - lastWake);
    lastWake = now;
    s.sender.wake();
    await sleep(20);
  }
  if (longestGap < 150) assert.ok(performance.now() - start >= 1350, 'not before the cap');
});
