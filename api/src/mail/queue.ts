// The email queue, a transactional outbox (migration 0016, docs/decisions/0025-email-outbox.md):
// whoever does something an email reports queues that email IN ITS OWN TRANSACTION (queueEmail),
// so the email exists exactly when the action does. The senders (sender.ts) read it from here.
// A row names what to send (a kind, ids, a recipient), not the rendered email: rendering the
// confirmation's QR codes inside the booking's transaction would slow the hot path.
import type { Queryable } from '../db/db.ts';

/** The NOTIFY channel a queued email wakes the senders of every instance on (at commit). */
export const EMAIL_QUEUE_CHANNEL = 'email_queue';

/** Back-off after a failed try: 5 s, 10 s, 20 s ... doubling, at most RETRY_MAX_MS. */
export const RETRY_BASE_MS = 5_000;
export const RETRY_MAX_MS = 15 * 60_000;

export type QueuedEmail =
  /** The confirmation of an order: these bookings, paid together. */
  | { kind: 'confirmation'; to: string; payload: { booking_ids: number[] } }
  /** The note that this booking was cancelled. */
  | { kind: 'cancellation'; to: string; payload: { booking_id: number } }
  /** A one-time code: stored in the clear only until its row is done (then blanked). */
  | {
      kind: 'signup_code' | 'password_reset_code';
      to: string;
      payload: { code: string; ttl_minutes: number };
    }
  /** To the owner of an address someone tried to sign up with (no code: nothing to steal). */
  | { kind: 'signup_attempt_existing'; to: string; payload: Record<string, never> }
  /** A waitlist entry's seats are held for it (onsale/offer-email.ts). */
  | { kind: 'waitlist_offer'; to: string; payload: { hold_id: number } }
  /** An owner invited this address as door staff (door-staff-email.ts). */
  | {
      kind: 'door_staff_invite';
      to: string;
      payload: { owner_name: string; signup_url: string };
    };

export type EmailKind = QueuedEmail['kind'];

/**
 * Sent at once even in a burst of bookings: someone waits at a form for each of them. The
 * others (an order's confirmation or cancellation, a waitlist offer) may wait for the burst to
 * pause (mail/sender.ts quietMs).
 */
export const ACCOUNT_EMAIL_KINDS: readonly EmailKind[] = [
  'signup_code',
  'password_reset_code',
  'signup_attempt_existing',
  'door_staff_invite',
];

export interface EmailRow {
  id: number;
  kind: EmailKind;
  recipient: string;
  payload: Record<string, unknown>;
  attempts: number;
  created_at: Date;
}

/**
 * Queues one email in the caller's transaction; the senders are woken when it commits (the
 * NOTIFY says the email's kind).
 */
export async function queueEmail(tx: Queryable, email: QueuedEmail, now: Date): Promise<number> {
  const [row] = await tx.query<{ id: number }>`
    WITH queued AS (
      INSERT INTO email_queue (kind, recipient, payload, created_at, next_attempt_at)
      VALUES (${email.kind}, ${email.to}, ${email.payload}, ${now}, ${now})
      RETURNING id
    )
    SELECT queued.id, pg_notify(${EMAIL_QUEUE_CHANNEL}, ${email.kind}) AS notified
      FROM queued`;
  if (!row) throw new Error('The email was not queued');
  return row.id;
}

/**
 * Claims up to `limit` due rows for this sender: each is locked only for the claim (SKIP LOCKED:
 * two senders never wait on, or take, the same row), counted as a try, and leased until
 * `leaseUntil` (its next_attempt_at), so another sender takes it only if this one dies.
 */
export async function claimDueEmails(
  q: Queryable,
  {
    now,
    leaseUntil,
    limit,
    kinds = null,
  }: {
    now: Date;
    leaseUntil: Date;
    limit: number;
    /** Only rows of these kinds (null: any). */
    kinds?: readonly EmailKind[] | null;
  },
): Promise<EmailRow[]> {
  return await q.query<EmailRow>`
    WITH due AS (
      SELECT id FROM email_queue
       WHERE state = 'pending' AND next_attempt_at <= ${now}
         AND (${kinds}::text[] IS NULL OR kind = ANY (${kinds}::text[]))
       ORDER BY next_attempt_at, id
       LIMIT ${limit}
         FOR UPDATE SKIP LOCKED
    )
    UPDATE email_queue e
       SET attempts = e.attempts + 1, next_attempt_at = ${leaseUntil}
      FROM due
     WHERE e.id = due.id
    RETURNING e.id, e.kind, e.recipient, e.payload, e.attempts, e.created_at`;
}

/** Sent: done for good; a code's payload is blanked (the code no longer sits in the table). */
export async function markSent(q: Queryable, id: number, now: Date): Promise<void> {
  await q.query`
    UPDATE email_queue
       SET state = 'sent', sent_at = ${now}, last_error = NULL,
           payload = CASE WHEN kind IN ('signup_code', 'password_reset_code') THEN '{}'::jsonb
                          ELSE payload END
     WHERE id = ${id} AND state = 'pending'`;
}

/** A failed try: due again at `retryAt`, with the error kept for the admin. */
export async function markRetry(
  q: Queryable,
  id: number,
  { retryAt, error }: { retryAt: Date; error: string },
): Promise<void> {
  await q.query`
    UPDATE email_queue SET last_error = ${error.slice(0, 2000)}, next_attempt_at = ${retryAt}
     WHERE id = ${id} AND state = 'pending'`;
}

/** Given up: failed for good, kept with the reason; a code's payload is blanked. */
export async function markGivenUp(q: Queryable, id: number, error: string): Promise<void> {
  await q.query`
    UPDATE email_queue
       SET state = 'failed', last_error = ${error.slice(0, 2000)},
           payload = CASE WHEN kind IN ('signup_code', 'password_reset_code') THEN '{}'::jsonb
                          ELSE payload END
     WHERE id = ${id} AND state = 'pending'`;
}

/** Forgets sent rows older than `before` (the figures count a day of them). */
export async function pruneSentEmails(q: Queryable, before: Date): Promise<void> {
  await q.query`DELETE FROM email_queue WHERE state = 'sent' AND sent_at < ${before}`;
}

/**
 * When the earliest pending row (of `kinds`, or any) is due (a claimed one: when its lease
 * ends); null if none.
 */
export async function nextDueAt(
  q: Queryable,
  kinds: readonly EmailKind[] | null = null,
): Promise<Date | null> {
  const [row] = await q.query<{ at: Date | null }>`
    SELECT min(next_attempt_at) AS at FROM email_queue
     WHERE state = 'pending' AND (${kinds}::text[] IS NULL OR kind = ANY (${kinds}::text[]))`;
  return row?.at ?? null;
}

export interface EmailQueueFigures {
  /** Not sent yet, not given up. */
  pending: number;
  /** Of those, the ones that failed at least once. */
  retrying: number;
  /** Given up (kept for a look). */
  failed: number;
  /** Sent in the last 24 hours. */
  sent_last_day: number;
  /** How long the oldest pending email has waited, in seconds; null when none waits. */
  oldest_pending_seconds: number | null;
  oldest_pending_at: Date | null;
  /** The newest given-up emails, with why. */
  recent_failures: {
    id: number;
    kind: EmailKind;
    recipient: string;
    attempts: number;
    created_at: Date;
    last_error: string | null;
  }[];
}

const DAY_MS = 24 * 60 * 60_000;

/** The admin's view of the queue (GET /api/admin/email-queue/). */
export async function emailQueueFigures(q: Queryable, now: Date): Promise<EmailQueueFigures> {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const [counts] = await q.query<
    Omit<EmailQueueFigures, 'recent_failures' | 'oldest_pending_seconds'>
  >`
    SELECT count(*) FILTER (WHERE state = 'pending') AS pending,
           count(*) FILTER (WHERE state = 'pending' AND last_error IS NOT NULL) AS retrying,
           count(*) FILTER (WHERE state = 'failed') AS failed,
           count(*) FILTER (WHERE state = 'sent'
                              AND sent_at > ${dayAgo})
             AS sent_last_day,
           min(created_at) FILTER (WHERE state = 'pending') AS oldest_pending_at
      FROM email_queue
     WHERE state <> 'sent' OR sent_at > ${dayAgo}`;
  const recent = await q.query<EmailQueueFigures['recent_failures'][number]>`
    SELECT id, kind, recipient, attempts, created_at, last_error
      FROM email_queue
     WHERE state = 'failed'
     ORDER BY created_at DESC, id DESC
     LIMIT 10`;
  const oldest = counts?.oldest_pending_at ?? null;
  return {
    pending: counts?.pending ?? 0,
    retrying: counts?.retrying ?? 0,
    failed: counts?.failed ?? 0,
    sent_last_day: counts?.sent_last_day ?? 0,
    oldest_pending_at: oldest,
    oldest_pending_seconds:
      oldest === null ? null : Math.max(0, Math.floor((now.getTime() - oldest.getTime()) / 1000)),
    recent_failures: recent,
  };
}

/** The wait after the `attempts`-th failed try. */
export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

/** Resend's Idempotency-Key of a row: the same for every try of it, never another row's. */
export function emailIdempotencyKey(row: Pick<EmailRow, 'id' | 'created_at'>): string {
  return `cinebook-email-${row.id}-${row.created_at.getTime()}`;
}
