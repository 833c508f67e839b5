// One-time codes by email, shared by signup (email/request, email/verify) and the forgotten
// password flow (otp/request, otp/verify).
import type { Context } from 'hono';
import { generateCode, hashCode, newFlowToken, sameDigest, sha256Hex } from '../../auth/secrets.ts';
import type { Db } from '../../db/db.ts';
import type { AppEnv } from '../../http/context.ts';
import { consume, type Limit, networkLimits, throwIfBlocked } from '../../http/rate-limit.ts';
import { queueEmail } from '../../mail/queue.ts';
import {
  clearOldCodes,
  countWrongAttempt,
  insertCode,
  lockPendingCode,
  markVerified,
  type Purpose,
} from './sql.ts';

export const CODE_TTL_SECONDS = 10 * 60;
/** Wrong guesses a code survives; the next try fails even with the right digits. */
export const MAX_CODE_ATTEMPTS = 5;
export const SEND_WINDOW_SECONDS = 15 * 60;
export const SENDS_PER_EMAIL = 3;
/** Codes asked for from one network (IPv4 address, IPv6 /64) per SEND_WINDOW_SECONDS. */
export const SENDS_PER_NETWORK = 20;
/** Codes asked for from one IPv6 /48 per SEND_WINDOW_SECONDS. */
export const SENDS_PER_WIDE_NETWORK = 60;
/** How long a verified address may be used: to finish signing up, or to set a new password. */
export const VERIFIED_FOR_SECONDS: Record<Purpose, number> = {
  signup: 30 * 60,
  password_reset: 10 * 60,
};

/**
 * Throws 429 when this address or this client's network has asked for too many codes lately; else
 * counts one.
 */
export async function limitCodeSends(c: Context<AppEnv>, purpose: Purpose, email: string) {
  const limits: Limit[] = [
    {
      key: `code:${purpose}:email:${email}`,
      max: SENDS_PER_EMAIL,
      windowSeconds: SEND_WINDOW_SECONDS,
      message: 'Too many codes were requested for this email. Please try again in {minutes}.',
    },
    ...networkLimits('code', c.var.clientIp, {
      max: SENDS_PER_NETWORK,
      wideMax: SENDS_PER_WIDE_NETWORK,
      windowSeconds: SEND_WINDOW_SECONDS,
      message: 'Too many codes were requested from your network. Please try again in {minutes}.',
    }),
  ];
  throwIfBlocked(await consume(c.var.db, limits, c.var.clock()));
}

/**
 * Stores a new code for the address (superseding older ones) and queues its email in the same
 * transaction (mail/queue.ts): the caller wakes the sender (c.var.emails.wake()) after this.
 */
export async function issueCode(
  db: Db,
  secret: string,
  purpose: Purpose,
  email: string,
  now: Date,
) {
  const code = generateCode();
  await db.transaction(async (tx) => {
    await clearOldCodes(tx, email, purpose, now);
    await insertCode(tx, {
      email,
      purpose,
      codeHash: hashCode(secret, purpose, email, code),
      now,
      expiresAt: new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
    });
    // The code in the clear, for the sender only: blanked once sent, or when the code expires.
    await queueEmail(
      tx,
      {
        kind: purpose === 'signup' ? 'signup_code' : 'password_reset_code',
        to: email,
        payload: { code, ttl_minutes: CODE_TTL_SECONDS / 60 },
      },
      now,
    );
  });
}

/**
 * Instead of a signup code for an address that has an account: the same work as issueCode (one
 * transaction that clears the address's stale signup codes and queues one email), so neither
 * the answer nor its timing tells the caller that the address is registered; the owner is told.
 */
export async function noteSignupAttempt(db: Db, email: string, now: Date) {
  await db.transaction(async (tx) => {
    await clearOldCodes(tx, email, 'signup', now);
    await queueEmail(tx, { kind: 'signup_attempt_existing', to: email, payload: {} }, now);
  });
}

/**
 * Checks a code against the address's newest pending one. Right: the code is spent and the
 * address verified for VERIFIED_FOR_SECONDS, for whoever holds the token returned (the client
 * that entered the code; knowing the address is not enough to sign up or reset with it). Wrong:
 * one attempt counted. Malformed codes, no code, an expired code and a code past its attempts are
 * all simply null.
 */
export async function verifyCode(
  db: Db,
  secret: string,
  purpose: Purpose,
  email: string,
  code: string,
  now: Date,
): Promise<string | null> {
  if (!/^\d{6}$/.test(code)) return null;
  return await db.transaction(async (tx) => {
    const pending = await lockPendingCode(tx, email, purpose, now);
    if (!pending || pending.attempts >= MAX_CODE_ATTEMPTS) return null;
    if (!sameDigest(pending.code_hash, hashCode(secret, purpose, email, code))) {
      await countWrongAttempt(tx, pending.id);
      return null;
    }
    const token = newFlowToken();
    await markVerified(tx, pending.id, {
      now,
      until: new Date(now.getTime() + VERIFIED_FOR_SECONDS[purpose] * 1000),
      tokenHash: sha256Hex(token),
    });
    return token;
  });
}
