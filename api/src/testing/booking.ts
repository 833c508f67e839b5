// The app on a fresh database with a hand-moved clock, plus shortcuts for the booking tests:
// users straight in the database with sessions and tokens minted directly (no argon2 per user,
// no login), theaters, movies and shows with their seats, and requests with any method and
// headers.
import type { AuthUser, Role } from '../auth/tokens.ts';
import type { Db, Tx } from '../db/db.ts';
import { openSessions } from '../routes/accounts/sessions.ts';
import { insertMovie } from '../routes/movies/sql.ts';
import { insertShow } from '../routes/shows/sql.ts';
import { insertTheater, type Theater } from '../routes/theaters/sql.ts';
import { cachedHash, TEST_PASSWORD } from './accounts.ts';
import {
  createTestApp,
  type TestApp,
  type TestAppOptions,
  type TestClock,
  testClock,
} from './app.ts';
import { createTestDb, type TestDb } from './db.ts';
import { type MemoryMailer, memoryMailer } from './mail.ts';

/** The same database, counting every statement sent through it or its transactions. */
function counting(db: Db, counter: { count: number }): Db {
  const wrapped: Db = {
    kind: db.kind,
    query(strings, ...params) {
      counter.count++;
      return db.query(strings, ...params);
    },
    transaction(fn) {
      return db.transaction((tx) => {
        const countedTx: Tx = {
          query(strings, ...params) {
            counter.count++;
            return tx.query(strings, ...params);
          },
          runScript: (sqlText) => tx.runScript(sqlText),
          commit: () => tx.commit(),
        };
        return fn(countedTx);
      });
    },
    listen: (channel, onPayload, onReconnect) => db.listen(channel, onPayload, onReconnect),
    ping: () => db.ping(),
    close: () => db.close(),
    stats: db.stats,
  };
  return wrapped;
}

export interface Account extends AuthUser {
  token: string;
}

export interface ShowFixture {
  id: number;
  movieId: number;
  theaterId: number;
  /** The screen it plays on (the theater's first unless told). */
  screenId: number;
  startsAt: Date;
  /** Seat ids by label ('A1', 'B12'). */
  seats: Record<string, number>;
  /** The id of the seat with this label; throws for a label the show does not have. */
  seat(label: string): number;
}

export interface RequestInit {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface BookingTestApp extends TestApp {
  clock: TestClock;
  /** The emails the app sent (unless the test passed a mailer of its own). */
  mail: MemoryMailer;
  /** How many SQL statements went through the database so far (reset it to measure a request). */
  statements: { count: number };
  request(method: string, path: string, init?: RequestInit): Promise<Response>;
  get(path: string, token?: string): Promise<Response>;
  post(
    path: string,
    body: unknown,
    token?: string,
    headers?: Record<string, string>,
  ): Promise<Response>;
  /** One account with a fresh access token. Names must be unique within the test. */
  account(username: string, role?: Role): Promise<Account>;
  /** `count` customers 'customer1'.. in ONE insert, each with an access token. */
  customers(count: number, prefix?: string): Promise<Account[]>;
  theater(
    owner: AuthUser,
    options?: Partial<{ name: string; location: string; rows: number; seatsPerRow: number }>,
  ): Promise<Theater>;
  movie(
    theater: Theater,
    options?: Partial<{ title: string; durationMinutes: number; language: string }>,
  ): Promise<{ id: number; title: string }>;
  /** A show of the movie; by default it starts a day after the clock and lasts 2 hours. */
  show(
    movie: { id: number },
    theater: Theater,
    options?: Partial<{ startsAt: Date; minutes: number; screenId: number }>,
  ): Promise<ShowFixture>;
  /** An owner with a theater (8 x 12 unless told), a movie and one show tomorrow, and a customer. */
  scenario(options?: Partial<{ rows: number; seatsPerRow: number }>): Promise<Scenario>;
  /** POST holds/ and, unless it fails, POST holds/{id}/confirm/: the confirm's response. */
  holdAndPay(customer: Account, showId: number, seatIds: number[], key?: string): Promise<Response>;
  /** Live bookings in the database, per seat. */
  liveBookings(showId: number): Promise<{ seat_id: number; user_id: number }[]>;
  /** How many seats of the show the customer has now: live bookings and unexpired holds. */
  seatsOf(customer: { id: number }, showId: number): Promise<{ booked: number; held: number }>;
  /** The customer's holds not released, paid or expired, across all shows. */
  activeHolds(customer: { id: number }): Promise<number>;
}

export interface Scenario {
  owner: Account;
  customer: Account;
  theater: Theater;
  movie: { id: number; title: string };
  show: ShowFixture;
}

export async function createBookingTestApp(options: TestAppOptions = {}): Promise<BookingTestApp> {
  // A hand-moved clock passed in is shared (two instances of the API on one clock).
  const given = options.clock as Partial<TestClock> | undefined;
  const clock = given?.advance ? (given as TestClock) : testClock();
  const own = options.db ? null : await createTestDb();
  const counter = { count: 0 };
  const mail = memoryMailer();
  // Tokens minted here outlive the clock moves of a test (a show starts a day later).
  const t = await createTestApp({
    clock,
    mailer: mail,
    ...options,
    db: counting(options.db ?? (own as TestDb).db, counter),
    emailsDb: options.db ?? (own as TestDb).db,
    config: { accessTokenTtlSeconds: 30 * 24 * 3600, ...options.config },
  });
  const close = async () => {
    await t.close();
    await own?.close();
  };
  const now = () => clock();

  const request = async (method: string, path: string, init: RequestInit = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.body !== undefined) headers['Content-Type'] ??= 'application/json';
    if (init.token) headers.Authorization = `Bearer ${init.token}`;
    const body =
      init.body === undefined
        ? undefined
        : typeof init.body === 'string'
          ? init.body
          : JSON.stringify(init.body);
    return await t.app.request(path, { method, headers, ...(body === undefined ? {} : { body }) });
  };

  // Each account gets a session of its own, as a login would open (tokens name their session).
  const withTokens = async (users: AuthUser[]): Promise<Account[]> => {
    const pairs = await openSessions(t.db, t.config, users, now());
    return users.map((user, i) => ({ ...user, token: pairs[i]?.access as string }));
  };

  const app: BookingTestApp = {
    ...t,
    close,
    [Symbol.asyncDispose]: close,
    clock,
    mail,
    statements: counter,
    request,
    get: (path, token) => request('GET', path, { token }),
    post: (path, body, token, headers) => request('POST', path, { body, token, headers }),
    async account(username, role = 'user') {
      const hash = await cachedHash(TEST_PASSWORD);
      const [user] = await t.db.query<AuthUser>`
        INSERT INTO users (username, email, password_hash, role, created_at, updated_at)
        VALUES (${username}, ${`${username.toLowerCase()}@example.com`}, ${hash}, ${role},
                ${now()}, ${now()})
        RETURNING id, username, email, role`;
      if (!user) throw new Error('no user');
      const [account] = await withTokens([user]);
      return account as Account;
    },
    async customers(count, prefix = 'customer') {
      const hash = await cachedHash(TEST_PASSWORD);
      const users = await t.db.query<AuthUser>`
        INSERT INTO users (username, email, password_hash, role, created_at, updated_at)
        SELECT ${prefix} || i, ${prefix} || i || '@example.com', ${hash}, 'user', ${now()}, ${now()}
          FROM generate_series(1, ${count}::integer) AS i
         ORDER BY i
        RETURNING id, username, email, role`;
      return await withTokens(users);
    },
    async theater(owner, o = {}) {
      return await insertTheater(t.db, {
        ownerId: owner.id,
        name: o.name ?? `Screen ${owner.username}`,
        location: o.location ?? 'Mumbai',
        seatRows: o.rows ?? 8,
        seatsPerRow: o.seatsPerRow ?? 12,
        now: now(),
      });
    },
    async movie(theater, o = {}) {
      const title = o.title ?? 'The Long Night';
      const { id } = await insertMovie(t.db, {
        theaterId: theater.id,
        ownerId: theater.owner,
        title,
        description: 'A film for the tests.',
        durationMinutes: o.durationMinutes ?? 120,
        language: o.language ?? 'Hindi',
        releaseDate: '2026-01-15',
        now: now(),
      });
      return { id, title };
    },
    async show(movie, theater, o = {}) {
      const startsAt = o.startsAt ?? new Date(now().getTime() + 24 * 3600_000);
      const endsAt = new Date(startsAt.getTime() + (o.minutes ?? 120) * 60_000);
      const inserted = await insertShow(t.db, {
        movieId: movie.id,
        theaterId: theater.id,
        screenId: o.screenId ?? null,
        startsAt,
        endsAt,
        now: now(),
      });
      if (!inserted) throw new Error(`Theater ${theater.id} has no such screen`);
      const { id, screen: screenId } = inserted;
      const rows = await t.db.query<{ id: number; label: string }>`
        SELECT id, row_label || col AS label FROM seats WHERE show_id = ${id}`;
      const seats: Record<string, number> = Object.fromEntries(rows.map((r) => [r.label, r.id]));
      const seat = (label: string) => {
        const seatId = seats[label];
        if (seatId === undefined) throw new Error(`Show ${id} has no seat ${label}`);
        return seatId;
      };
      return { id, movieId: movie.id, theaterId: theater.id, screenId, startsAt, seats, seat };
    },
    async scenario(o = {}) {
      const owner = await app.account('owner1', 'owner');
      const customer = await app.account('ana');
      const theater = await app.theater(owner, { rows: o.rows, seatsPerRow: o.seatsPerRow });
      const movie = await app.movie(theater);
      const show = await app.show(movie, theater);
      return { owner, customer, theater, movie, show };
    },
    async holdAndPay(customer, showId, seatIds, key = crypto.randomUUID()) {
      const held = await app.post(
        '/api/holds/',
        { show_id: showId, seat_ids: seatIds },
        customer.token,
      );
      if (held.status !== 201) return held;
      const { id } = await held.json();
      return await app.post(`/api/holds/${id}/confirm/`, undefined, customer.token, {
        'Idempotency-Key': key,
      });
    },
    async liveBookings(showId) {
      return await t.db.query<{ seat_id: number; user_id: number }>`
        SELECT seat_id, user_id FROM bookings
         WHERE show_id = ${showId} AND NOT is_cancelled
         ORDER BY seat_id`;
    },
    async seatsOf(customer, showId) {
      const [row] = await t.db.query<{ booked: number; held: number }>`
        SELECT (SELECT count(*) FROM bookings
                 WHERE user_id = ${customer.id} AND show_id = ${showId} AND NOT is_cancelled)::int
                 AS booked,
               (SELECT count(*) FROM seats
                 WHERE show_id = ${showId} AND held_by = ${customer.id}
                   AND held_until > ${now()})::int AS held`;
      return row ?? { booked: 0, held: 0 };
    },
    async activeHolds(customer) {
      const [row] = await t.db.query<{ n: number }>`
        SELECT count(*)::int AS n FROM holds
         WHERE user_id = ${customer.id} AND released_at IS NULL AND confirmed_at IS NULL
           AND expires_at > ${now()}`;
      return row?.n ?? 0;
    },
  };
  return app;
}
