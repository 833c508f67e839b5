// Opening and reading GET /api/shows/:id/seats/events/ in the tests of it, on one API instance or
// two sharing a database.
import assert from 'node:assert/strict';
import type { Config } from '../../config.ts';
import { createAccountsTestApp } from '../../testing/accounts.ts';
import { type Account, type BookingTestApp, createBookingTestApp } from '../../testing/booking.ts';
import { createTestDb, secondPool } from '../../testing/db.ts';
import { type SseMessage, type SseReader, sse } from '../../testing/sse.ts';
import { SeatsEventSchema } from './get-show-seat-events.ts';

export type Change = { id: number; status: string; booked_by: string | null; checked_in: boolean };
export type Seats = { show: number; version: number; seats: Change[] };

export const events = (showId: number) => `/api/shows/${showId}/seats/events/`;

/** Opens a stream and reads its `retry:` and opening message. */
export async function open(
  t: BookingTestApp,
  showId: number,
  who: Account,
  headers: Record<string, string> = {},
  query = '',
): Promise<{ res: Response; stream: SseReader; opening: SseMessage }> {
  const res = await t.request('GET', `${events(showId)}${query}`, { token: who.token, headers });
  assert.equal(res.status, 200, res.status === 200 ? '' : await res.text());
  const stream = sse(res);
  assert.deepEqual(await stream.next(), { retry: 2000 });
  return { res, stream, opening: await stream.next() };
}

/** The next `seats` event (heartbeats skipped). */
export async function nextSeats(stream: SseReader, timeoutMs = 1000) {
  const m = await stream.until((x) => x.event === 'seats' || x.event === 'bye', timeoutMs);
  assert.equal(m.event, 'seats');
  // As the OpenAPI document describes it.
  assert.ok(SeatsEventSchema.safeParse(stream.json(m)).success, m.data);
  return { id: Number(m.id), ...stream.json<Seats>(m) };
}

/**
 * Two API instances on one database, each with its own pool and hub: `a` signs in, out and
 * resets (the accounts test app), `b` has the booking helpers. Both trust one proxy, so a test
 * speaks from any address with X-Forwarded-For.
 */
export async function twoInstances(config: Partial<Config> = {}) {
  const base = await createTestDb();
  const second = secondPool(base);
  const a = await createAccountsTestApp({ db: base.db, config });
  const b = await createBookingTestApp({
    db: second.db,
    clock: a.clock,
    config: { ...config, jwtSecret: a.config.jwtSecret, trustProxyHops: 1 },
  });
  return {
    a,
    b,
    async [Symbol.asyncDispose]() {
      await b.close();
      await a.close();
      await second.close();
      await base.close();
    },
  };
}

/** GET the stream on either instance with a token, from an address. */
export function request(
  app: { app: { request: (path: string, init: RequestInit) => Response | Promise<Response> } },
  showId: number,
  token: string,
  ip = '198.51.100.1',
) {
  return app.app.request(events(showId), {
    headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': ip },
  });
}

export async function openOn(
  app: Parameters<typeof request>[0],
  showId: number,
  token: string,
  ip?: string,
): Promise<SseReader> {
  const res = await request(app, showId, token, ip);
  assert.equal(res.status, 200, res.status === 200 ? '' : await res.text());
  const stream = sse(res);
  assert.deepEqual(await stream.next(), { retry: 2000 });
  assert.equal((await stream.next()).event, 'ready');
  return stream;
}

export const openSlots = async (db: BookingTestApp['db'], userId: number) =>
  (
    await db.query<{ n: number }>`SELECT count(*) AS n FROM seat_streams WHERE user_id = ${userId}`
  )[0]?.n;

/** Waits (at most `ms`) until `check` holds. */
export async function eventually(check: () => Promise<boolean>, ms = 1000) {
  const deadline = performance.now() + ms;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error('Not within the time allowed');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
