// Data for `npm run bench`, made with the API's own code against the benchmark database (after
// the API has started with SEED_DEMO=1):
//   prepare <customers> <viewers>
//                        -> JSON on stdout: a token for the demo customer, a seeded upcoming show
//                           for the read benchmarks, two fresh shows of 100 seats (the race, and
//                           the race with viewers), <customers> new customers with tokens for the
//                           races and <viewers> more for the streams
//   verify <showId>      -> JSON: live bookings of the show, distinct seats, seats held
//   events <showId>      -> JSON: the show's seat changes with the instant each committed
//                           (PostgreSQL's commit timestamp when track_commit_timestamp is on, else
//                           seat_events.created_at, the writing request's clock), epoch ms
// Needs DATABASE_URL and JWT_SECRET (the API's, so the tokens are valid there).

import { hashPassword } from '../src/auth/passwords.ts';
import type { AuthUser } from '../src/auth/tokens.ts';
import { loadConfig } from '../src/config.ts';
import { openPostgres } from '../src/db/postgres.ts';
import { DEMO_CUSTOMER, DEMO_OWNER } from '../src/demo/seed.ts';
import { openSessions } from '../src/routes/accounts/sessions.ts';
import { insertMovie } from '../src/routes/movies/sql.ts';
import { insertShow } from '../src/routes/shows/sql.ts';
import { insertTheater } from '../src/routes/theaters/sql.ts';
import { findUserByEmail } from '../src/users/sql.ts';

const config = loadConfig(Deno.env.toObject());
if (!config.databaseUrl) throw new Error('DATABASE_URL is required');
const db = openPostgres(config.databaseUrl, { max: 2 });
const [command, arg] = Deno.args;
const now = new Date();
// Long enough for a whole run.
const tokenConfig = { ...config, accessTokenTtlSeconds: 3600 };

try {
  if (command === 'prepare') {
    const count = Number(arg ?? 200);
    const viewerCount = Number(Deno.args[2] ?? 0);
    const customer = await findUserByEmail(db, DEMO_CUSTOMER.email);
    const owner = await findUserByEmail(db, DEMO_OWNER.email);
    if (!customer || !owner) throw new Error('no demo accounts: start the API with SEED_DEMO=1');
    const [seeded] = await db.query<{ id: number; seats: number }>`
      SELECT s.id, (SELECT count(*) FROM seats WHERE show_id = s.id)::integer AS seats
        FROM shows s WHERE s.starts_at > ${now} ORDER BY s.starts_at, s.id LIMIT 1`;
    const [seat] = await db.query<{ id: number }>`SELECT min(id) AS id FROM seats`;
    if (!seeded || !seat) throw new Error('no seeded show');

    // A fresh 10 x 10 theater, one movie, one show in a month: 100 seats nobody has touched.
    const theater = await insertTheater(db, {
      ownerId: owner.id,
      name: `Bench Screen ${now.getTime()}`,
      location: 'Benchmark',
      seatRows: 10,
      seatsPerRow: 10,
      now,
    });
    const movie = await insertMovie(db, {
      theaterId: theater.id,
      ownerId: owner.id,
      title: 'The Benchmark',
      description: 'Two hundred people, one hundred seats.',
      durationMinutes: 120,
      language: 'English',
      releaseDate: '2026-01-01',
      now,
    });
    // Two shows a day apart: the race, and the race with viewers.
    const raceShows = [];
    for (const day of [30, 31]) {
      const startsAt = new Date(now.getTime() + day * 24 * 3600_000);
      const show = await insertShow(db, {
        movieId: movie.id,
        theaterId: theater.id,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 120 * 60_000),
        now,
      });
      if (!show) throw new Error(`Theater ${theater.id} has no screen`);
      const seats = await db.query<{ id: number }>`
        SELECT id FROM seats WHERE show_id = ${show.id} ORDER BY id`;
      raceShows.push({ id: show.id, seatIds: seats.map((s) => s.id) });
    }
    const [raceShow, streamShow] = raceShows;
    if (!raceShow || !streamShow) throw new Error('no race shows');
    const [upcoming] = await db.query<{ n: number }>`
      SELECT count(*)::integer AS n FROM shows WHERE starts_at > ${now}`;

    // Customers in one INSERT with one hash; sessions and tokens minted, not logged in (argon2 x
    // 200).
    const hash = await hashPassword('Bench#Password1');
    const prefix = `bench${now.getTime()}_`;
    const users = await db.query<AuthUser>`
      INSERT INTO users (username, email, password_hash, role, created_at, updated_at)
      SELECT ${prefix} || i, ${prefix} || i || '@bench.local', ${hash}, 'user', ${now}, ${now}
        FROM generate_series(1, ${count + viewerCount}::integer) AS i
      RETURNING id, username, email, role`;
    // Access tokens name their session, which the API checks on every request.
    const [customerPair, ...racerPairs] = await openSessions(
      db,
      tokenConfig,
      [customer, ...users],
      now,
    );
    const tokens = racerPairs.map((pair) => pair.access);
    console.log(
      JSON.stringify({
        customerToken: customerPair?.access,
        readShowId: seeded.id,
        readShowSeats: seeded.seats,
        ceilingSeatId: seat.id,
        upcomingShows: upcoming?.n,
        raceShowId: raceShow.id,
        raceSeatIds: raceShow.seatIds,
        raceTokens: tokens.slice(0, count),
        streamShowId: streamShow.id,
        streamSeatIds: streamShow.seatIds,
        viewerTokens: tokens.slice(count),
      }),
    );
  } else if (command === 'verify') {
    const showId = Number(arg);
    const [row] = await db.query`
      SELECT count(*) AS live, count(DISTINCT seat_id) AS seats
        FROM bookings WHERE show_id = ${showId} AND NOT is_cancelled`;
    const [held] = await db.query`
      SELECT count(*) AS held FROM seats WHERE show_id = ${showId} AND held_until > ${new Date()}`;
    console.log(JSON.stringify({ ...row, ...held }));
  } else if (command === 'events') {
    const showId = Number(arg);
    const [setting] = await db.query<{ on: boolean }>`
      SELECT current_setting('track_commit_timestamp') = 'on' AS on`;
    const rows = setting?.on
      ? await db.query<{ id: number; committed_at: number }>`
          SELECT id, extract(epoch FROM pg_xact_commit_timestamp(xmin)) * 1000 AS committed_at
            FROM seat_events WHERE show_id = ${showId} ORDER BY id`
      : await db.query<{ id: number; committed_at: number }>`
          SELECT id, extract(epoch FROM created_at) * 1000 AS committed_at
            FROM seat_events WHERE show_id = ${showId} ORDER BY id`;
    const clock = setting?.on
      ? 'PostgreSQL commit timestamp'
      : 'seat_events.created_at (request start)';
    console.log(JSON.stringify({ clock, rows }));
  } else {
    throw new Error('usage: prepare <customers> <viewers> | verify <showId> | events <showId>');
  }
} finally {
  await db.close();
}
