// The limits on password guessing (POST login/; docs/decisions/0029-limits-count-networks.md).
// Failures are counted per network, never per address: an IPv6 host holds a whole /64 (often a
// /48), so a new address is not a new guesser. Per (account, network) and per network, so that
// they stop the guesser and not the owner, with wider ceilings per /48; and per account from
// everywhere. Once the account-wide limit is reached it holds for everyone: no guess is checked
// any more, except from a network the account signed in from successfully in the last
// KNOWN_NETWORK_DAYS (the owner at home still gets in), and each such network is still held by
// its own limits. A successful password reset proves the address and reopens the account.
import type { Db, Queryable } from '../../db/db.ts';
import {
  consume,
  forget,
  type Limit,
  networkLimits,
  networksOf,
  resetLimit,
  throwIfBlocked,
} from '../../http/rate-limit.ts';
import { TOO_MANY_LOGINS } from './messages.ts';

export const LOGIN_WINDOW_SECONDS = 15 * 60;
/** Failures from one network (IPv4 address, IPv6 /64) on one account per LOGIN_WINDOW_SECONDS. */
export const LOGIN_FAILURES_PER_ACCOUNT_AND_NETWORK = 5;
/** Failures from one IPv6 /48 on one account per LOGIN_WINDOW_SECONDS. */
export const LOGIN_FAILURES_PER_ACCOUNT_AND_WIDE_NETWORK = 10;
/** Failures from one network on all accounts together per LOGIN_WINDOW_SECONDS. */
export const LOGIN_FAILURES_PER_NETWORK = 30;
/** Failures from one IPv6 /48 on all accounts together per LOGIN_WINDOW_SECONDS. */
export const LOGIN_FAILURES_PER_WIDE_NETWORK = 100;
export const LOGIN_ACCOUNT_WINDOW_SECONDS = 60 * 60;
/** Failures on one account from everywhere per LOGIN_ACCOUNT_WINDOW_SECONDS. */
export const LOGIN_FAILURES_PER_ACCOUNT = 100;
/** A network the account signed in from this recently is the owner's, for the account limit. */
export const KNOWN_NETWORK_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface LoginAttempt {
  /** Events counted for this attempt, taken back if it succeeds. */
  counted: number[];
  /** The (account, network) key, cleared by a success from that network. */
  pairKey: string;
  /** The network the attempt came from (http/rate-limit.ts networksOf). */
  network: string;
}

/**
 * Counts one failure up front (so parallel guesses cannot outrun the limits; a success takes it
 * back), or throws the 429 without checking anything. `account` is `user:<id>` for a user, else
 * the name tried, so an unknown name is throttled exactly like a known one.
 */
export async function admitLoginAttempt(
  db: Db,
  { account, userId, ip, now }: { account: string; userId: number | null; ip: string; now: Date },
): Promise<LoginAttempt> {
  const { network } = networksOf(ip);
  const limit = { windowSeconds: LOGIN_WINDOW_SECONDS, message: TOO_MANY_LOGINS };
  const perAccount = networkLimits(`login:account:${account}`, ip, {
    ...limit,
    max: LOGIN_FAILURES_PER_ACCOUNT_AND_NETWORK,
    wideMax: LOGIN_FAILURES_PER_ACCOUNT_AND_WIDE_NETWORK,
  });
  const attempt = await consume(
    db,
    [
      ...perAccount,
      ...networkLimits('login', ip, {
        ...limit,
        max: LOGIN_FAILURES_PER_NETWORK,
        wideMax: LOGIN_FAILURES_PER_WIDE_NETWORK,
      }),
    ],
    now,
  );
  throwIfBlocked(attempt);
  const accountWide: Limit = {
    key: `login:account:${account}`,
    max: LOGIN_FAILURES_PER_ACCOUNT,
    windowSeconds: LOGIN_ACCOUNT_WINDOW_SECONDS,
    message: TOO_MANY_LOGINS,
  };
  const overall = await consume(db, [accountWide], now);
  // Looked up for unknown names too (no user has id 0), so the refusal takes the same time.
  if (overall.blocked && !(await knownNetwork(db, userId ?? 0, network, now))) {
    // Refused unchecked, so not a failure: the per-network counts stay as they were.
    await forget(db, attempt.eventIds);
    throwIfBlocked(overall);
  }
  return {
    counted: [...attempt.eventIds, ...overall.eventIds],
    pairKey: perAccount[0]?.key ?? '',
    network,
  };
}

/**
 * The right password: this attempt is not a failure, this network's failures on the account are
 * forgiven, and the network is remembered as the owner's. The account-wide count stays: the
 * owner signing in does not reopen the account to the guessers.
 */
export async function loginSucceeded(
  db: Db,
  attempt: LoginAttempt,
  userId: number,
  now: Date,
): Promise<void> {
  await forget(db, attempt.counted);
  await resetLimit(db, attempt.pairKey);
  await rememberNetwork(db, userId, attempt.network, now);
}

/**
 * A password reset proves the address: the guesses counted against the old password no longer
 * hold the account, and the network that reset it is the owner's.
 */
export async function passwordResetSucceeded(
  q: Queryable,
  userId: number,
  ip: string,
  now: Date,
): Promise<void> {
  await q.query`DELETE FROM rate_limit_events WHERE key = ${`login:account:user:${userId}`}`;
  await rememberNetwork(q, userId, networksOf(ip).network, now);
}

async function knownNetwork(q: Queryable, userId: number, network: string, now: Date) {
  const since = new Date(now.getTime() - KNOWN_NETWORK_DAYS * DAY_MS);
  const [row] = await q.query<{ known: boolean }>`
    SELECT EXISTS (
      SELECT 1 FROM login_networks
       WHERE user_id = ${userId} AND network = ${network} AND last_success_at > ${since}
    ) AS known`;
  return row?.known ?? false;
}

async function rememberNetwork(q: Queryable, userId: number, network: string, now: Date) {
  const expired = new Date(now.getTime() - KNOWN_NETWORK_DAYS * DAY_MS);
  await q.query`
    INSERT INTO login_networks (user_id, network, last_success_at)
    VALUES (${userId}, ${network}, ${now})
    ON CONFLICT (user_id, network) DO UPDATE SET last_success_at = EXCLUDED.last_success_at`;
  await q.query`
    DELETE FROM login_networks WHERE user_id = ${userId} AND last_success_at <= ${expired}`;
}
