// The sender of the email queue (queue.ts; docs/decisions/0025-email-outbox.md). Every API
// instance runs one. It is woken three ways: at once by the instance that queued an email
// (wake(), after its commit), by NOTIFY on EMAIL_QUEUE_CHANNEL (an email queued by another
// instance, or one whose listener missed it), and by one timer, set for the earliest retry it
// knows of, never later than config.mailSafetyPollMs (a NOTIFY lost while the listening
// connection was down). A pass claims due rows (SKIP LOCKED, with a lease), renders each email,
// sends it with the row's idempotency key under a timeout, and marks it sent, or due again with
// back-off, or failed once it is older than config.mailGiveUpMs (a code: once it has expired).
// A sender that dies mid-send leaves its rows leased: they come back when the lease ends and go
// out again with the same key, which Resend answers without sending twice.
import type { Config } from '../config.ts';
import type { Db, Listening } from '../db/db.ts';
import { isConnectionLoss } from '../db/errors.ts';
import { preferGenericPlans } from '../db/generic-plans.ts';
import type { Logger } from '../logger.ts';
import { waitlistOfferEmail } from '../onsale/offer-email.ts';
import { cancellationEmail, confirmationEmail } from '../tickets/emails.ts';
import { passesOf } from '../tickets/signing.ts';
import { findOrder } from '../tickets/sql.ts';
import { codeEmail, signupAttemptEmail } from './code-email.ts';
import { doorStaffInviteEmail } from './door-staff-email.ts';
import type { Email, Mailer } from './mail.ts';
import {
  ACCOUNT_EMAIL_KINDS,
  claimDueEmails,
  EMAIL_QUEUE_CHANNEL,
  type EmailKind,
  type EmailRow,
  emailIdempotencyKey,
  markGivenUp,
  markRetry,
  markSent,
  nextDueAt,
  pruneSentEmails,
  retryDelayMs,
} from './queue.ts';

/**
 * Rows one claim takes: one, so that each row's lease covers its own send only (a batch's last
 * row would wait out the others' timeouts on its lease). A pass claims until nothing is due.
 */
const CLAIM_BATCH = 1;
/** Sent rows are kept this long (the admin's figures count the last day). */
const KEEP_SENT_MS = 7 * 24 * 60 * 60_000;
/** After a failed pass (the database away), the next one is tried this much later. */
const PASS_RETRY_MS = 5_000;

export interface EmailSender {
  /** Listens for NOTIFY, arms the timer and sends what is due; once. Never rejects. */
  start(): Promise<void>;
  /** Stops listening and the timer, and waits for the pass in flight (its sends are bounded). */
  stop(): Promise<void>;
  /**
   * Runs a pass soon (at once, or right after the one in flight); never throws. With the kind
   * of email just queued: with quietMs, one that is not an account email waits for a pause.
   */
  wake(kind?: EmailKind): void;
  /** A pass now (or the one in flight, then another): resolves once nothing due is left. */
  drain(): Promise<void>;
}

export interface EmailSenderDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<
    Config,
    'appTimezone' | 'mailSafetyPollMs' | 'mailGiveUpMs' | 'mailSendTimeoutMs' | 'jwtSecret'
  >;
  clock: () => Date;
  logger: Logger;
  /** Where wake() runs its passes (http/background.ts), so shutdown and tests can wait for them. */
  run?: (label: string, task: () => Promise<unknown>) => void;
  /**
   * A pass woken for an order's email waits until those wakes pause for this long (at most
   * QUIET_CAP times as long), so a burst of bookings (an on-sale) is not slowed by rendering its
   * emails' QR codes on the same cores: they are rendered right after it. Account emails
   * (ACCOUNT_EMAIL_KINDS) still go at once, in a pass that claims only them
   * (docs/decisions/0054-pipelined-commits-and-emails-after-the-burst.md). Default 0: every
   * email at once.
   */
  quietMs?: number;
}

// The longest a pass waits for a pause, in multiples of quietMs.
const QUIET_CAP = 10;

/** What a pass claims: account emails only, or every kind. */
type Lane = 'account' | 'all';
const widest = (a: Lane | null, b: Lane): Lane => (a === 'all' || b === 'all' ? 'all' : b);

class SendTimeout extends Error {
  override name = 'SendTimeout';
}

export function createEmailSender({
  db,
  mailer,
  config,
  clock,
  logger,
  run = (_label, task) => void task(),
  quietMs = 0,
}: EmailSenderDeps): EmailSender {
  // The lease outlasts a send that times out, with room for the database round trips around it.
  const leaseMs = config.mailSendTimeoutMs * 3;
  let inFlight: Promise<void> | null = null;
  // A pass woken while one is in flight runs right after it: 'all' if any wake asked for every
  // kind, 'account' if only account emails were.
  let again: Lane | null = null;
  let started: Promise<void> | null = null;
  let stopped = false;
  let listening: Listening | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let timerAt = Number.POSITIVE_INFINITY;
  let prunedAt = Number.NEGATIVE_INFINITY;
  // The pass waiting for a pause in the wakes, and when its first wake came (real time).
  let quietTimer: ReturnType<typeof setTimeout> | null = null;
  let firstWakeAt: number | null = null;

  function wakeNow(lane: Lane) {
    if (stopped) return;
    if (inFlight) {
      again = widest(again, lane);
      return;
    }
    run('send queued emails', () => runPass(lane));
  }

  /** The email a row stands for, or null when there is nothing left to say (the order is gone). */
  async function render(row: EmailRow): Promise<Email | null> {
    const tz = config.appTimezone;
    const p = row.payload;
    switch (row.kind) {
      case 'confirmation': {
        // A seven-table read that took longer to plan than to run (db/generic-plans.ts).
        const order = await db.transaction(async (tx) => {
          const [, found] = await Promise.all([
            preferGenericPlans(tx),
            findOrder(tx, { bookingIds: p.booking_ids as number[], tz }),
          ]);
          return found;
        });
        if (!order) return null;
        // Each QR code carries the ticket's signed pass (docs/decisions/0041-signed-ticket-passes.md):
        // the same text on every try unless the owner rotated its key in between.
        const passes = await passesOf(
          db,
          order.tickets.map((x) => ({ show_id: order.show_id, seat_label: x.seat, code: x.code })),
          { secret: config.jwtSecret, now: clock() },
        );
        // Rendered as of the row's time, so every try of it says the same (the same key must
        // carry the same email).
        return await confirmationEmail(order, { tz, now: row.created_at, passes });
      }
      case 'cancellation': {
        const order = await findOrder(db, { bookingIds: [p.booking_id as number], tz });
        return order && cancellationEmail(order);
      }
      case 'signup_code':
      case 'password_reset_code':
        return codeEmail(
          row.kind === 'signup_code' ? 'signup' : 'password_reset',
          row.recipient,
          p.code as string,
          p.ttl_minutes as number,
        );
      case 'signup_attempt_existing':
        return signupAttemptEmail(row.recipient);
      case 'waitlist_offer':
        return await waitlistOfferEmail(db, p.hold_id as number, tz);
      case 'door_staff_invite':
        return doorStaffInviteEmail(row.recipient, p.owner_name as string, p.signup_url as string);
    }
  }

  /** When this row stops being worth a try: its code's expiry, else mailGiveUpMs after queueing. */
  function giveUpAt(row: EmailRow): number {
    const ttl = row.payload.ttl_minutes;
    const span = typeof ttl === 'number' ? ttl * 60_000 : config.mailGiveUpMs;
    return row.created_at.getTime() + span;
  }

  async function sendOne(row: EmailRow): Promise<void> {
    const label = `${row.kind} email ${row.id} to ${row.recipient}`;
    let error: unknown;
    try {
      const email = await render(row);
      if (!email) {
        await markGivenUp(db, row.id, 'Nothing to send: its bookings are gone.');
        logger.error(`Email queue: ${label} has nothing left to send; given up`);
        return;
      }
      await withTimeout(config.mailSendTimeoutMs, (signal) =>
        mailer.send(email, { idempotencyKey: emailIdempotencyKey(row), signal }),
      );
      await markSent(db, row.id, clock());
      if (row.attempts > 1) logger.info(`Email queue: ${label} sent on try ${row.attempts}`);
      return;
    } catch (caught) {
      error = caught;
    }
    const now = clock();
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    const retryAt = now.getTime() + retryDelayMs(row.attempts);
    if (retryAt >= giveUpAt(row)) {
      await markGivenUp(db, row.id, message);
      logger.error(`Email queue: ${label} failed ${row.attempts} times; given up`, error);
      return;
    }
    await markRetry(db, row.id, { retryAt: new Date(retryAt), error: message });
    logger.error(
      `Email queue: ${label} failed (try ${row.attempts}); next try in ${Math.round((retryAt - now.getTime()) / 1000)} s`,
      error,
    );
  }

  async function pass(lane: Lane): Promise<void> {
    const kinds = lane === 'account' ? ACCOUNT_EMAIL_KINDS : null;
    for (;;) {
      const now = clock();
      const rows = await claimDueEmails(db, {
        now,
        leaseUntil: new Date(now.getTime() + leaseMs),
        limit: CLAIM_BATCH,
        kinds,
      });
      for (const row of rows) {
        try {
          await sendOne(row);
        } catch (error) {
          // The database went away mid-row: the lease brings the row back.
          logger.error(`Email queue: email ${row.id} could not be marked`, error);
        }
      }
      if (rows.length < CLAIM_BATCH || stopped) break;
    }
    const now = clock().getTime();
    if (now - prunedAt >= config.mailSafetyPollMs) {
      prunedAt = now;
      await pruneSentEmails(db, new Date(now - KEEP_SENT_MS));
    }
    // An account pass leaves the other kinds to the pass after the pause (or the timer).
    const next = await nextDueAt(db, kinds);
    // At least a second: a row due now that this pass could not claim is another's (or locked).
    arm(next ? Math.max(next.getTime() - clock().getTime(), 1_000) : config.mailSafetyPollMs);
  }

  function runPass(first: Lane): Promise<void> {
    if (inFlight) {
      again = widest(again, first);
      return inFlight;
    }
    inFlight = (async () => {
      let lane: Lane | null = first;
      do {
        again = null;
        try {
          await pass(lane);
        } catch (error) {
          // The database away (an outage, a failover) is one line, not a stack: the next pass
          // after PASS_RETRY_MS picks up where this one stopped.
          if (isConnectionLoss(error)) {
            logger.error(
              `Email queue: the database is unavailable (${(error as Error).message}); trying again in ${PASS_RETRY_MS / 1000} s`,
            );
          } else {
            logger.error('Email queue: a sending pass failed', error);
          }
          arm(PASS_RETRY_MS);
        }
        lane = again;
      } while (lane && !stopped);
    })().finally(() => {
      inFlight = null;
      // A wake between the loop's last look at `again` and here (a request's continuation runs
      // between two steps of this one) would be lost: it gets its pass now.
      const late = again;
      again = null;
      if (late) wakeNow(late);
    });
    return inFlight;
  }

  /** Sets the one timer for `inMs` from now, unless it is set for earlier already. */
  function arm(inMs: number) {
    if (stopped || !started) return;
    const wait = Math.max(0, Math.min(inMs, config.mailSafetyPollMs));
    const at = Date.now() + wait;
    if (timer && timerAt <= at) return;
    if (timer) clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(() => {
      timer = null;
      timerAt = Number.POSITIVE_INFINITY;
      sender.wake();
    }, wait);
  }

  const sender: EmailSender = {
    start() {
      started ??= (async () => {
        try {
          listening = await db.listen(
            EMAIL_QUEUE_CHANNEL,
            // The payload is the kind queued (queue.ts queueEmail).
            (payload) => sender.wake(payload as EmailKind),
            // Back after a lost connection: what was queued meanwhile was not heard.
            () => sender.wake(),
          );
          if (stopped) await listening.unlisten();
        } catch (error) {
          // The database is away: the timer and the handlers' wakes still send; listen again soon.
          logger.error('Email queue: LISTEN failed; trying again shortly', error);
          setTimeout(() => {
            if (stopped || listening) return;
            started = null;
            void sender.start();
          }, PASS_RETRY_MS);
        }
        sender.wake();
      })();
      return started;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      if (quietTimer) clearTimeout(quietTimer);
      quietTimer = null;
      await listening?.unlisten();
      await inFlight;
    },
    wake(kind) {
      if (stopped) return;
      if (quietMs <= 0 || kind === undefined) return wakeNow('all');
      if (ACCOUNT_EMAIL_KINDS.includes(kind)) return wakeNow('account');
      const now = performance.now();
      firstWakeAt ??= now;
      if (quietTimer) clearTimeout(quietTimer);
      const wait = Math.min(quietMs, firstWakeAt + quietMs * QUIET_CAP - now);
      quietTimer = setTimeout(
        () => {
          quietTimer = null;
          firstWakeAt = null;
          wakeNow('all');
        },
        Math.max(0, wait),
      );
    },
    async drain() {
      await runPass('all');
      // A wake during the pass ran inside it (again); one more settles a claim it raced with.
      if (inFlight) await inFlight;
    },
  };
  return sender;
}

/** Runs `fn` with a signal aborted after `ms`, and gives up waiting for it then too. */
async function withTimeout<T>(ms: number, fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new SendTimeout(`The provider did not answer within ${ms / 1000} s`);
      controller.abort(error);
      reject(error);
    }, ms);
  });
  try {
    return await Promise.race([fn(controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
