// Data for `npm run bench -- --onsale` (scripts/bench/onsale.mjs), made against the cluster's
// primary after the API has started with SEED_DEMO=1:
//   prepare <fans>   -> JSON on stdout: the demo owner's token, one 120-seat high-demand show a
//                       month ahead (sales opening in an hour: the bench moves it a few seconds
//                       ahead through PATCH onsale/{id}/ just before the fans arrive), and <fans>
//                       new customer accounts with access tokens, made set-based: one INSERT ...
//                       SELECT generate_series with one password hash, sessions in one INSERT.
//   verify <showId>  -> JSON: seats sold, distinct seats, seats booked twice, seats per account
//                       (the most, and accounts past MAX_SEATS_PER_SHOW), and the line's rows
//                       (user, joined, admitted, left in epoch ms; sort key, seq) for the
//                       fairness figures; and PostgreSQL's busiest statements during the run
//                       (pg_stat_statements, reset by prepare).
// Needs DATABASE_URL and JWT_SECRET (the API's, so the tokens are valid there).

import { hashPassword } from '../src/auth/passwords.ts';
import type { AuthUser } from '../src/auth/tokens.ts';
import { loadConfig } from '../src/config.ts';
import { openPostgres } from '../src/db/postgres.ts';
import { DEMO_OWNER } from '../src/demo/seed.ts';
import { saveSaleSettings } from '../src/onsale/sql.ts';
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
    const fans = Number(arg ?? 10_000);
    const owner = await findUserByEmail(db, DEMO_OWNER.email);
    if (!owner) throw new Error('no demo owner: start the API with SEED_DEMO=1');
    // 10 rows of 12: 120 seats.
    const theater = await insertTheater(db, {
      ownerId: owner.id,
      name: `On-sale Screen ${now.getTime()}`,
      location: 'Benchmark',
      seatRows: 10,
      seatsPerRow: 12,
      now,
    });
    const movie = await insertMovie(db, {
      theaterId: theater.id,
      ownerId: owner.id,
      title: 'The Premiere',
      description: 'Ten thousand fans, one hundred and twenty seats.',
      durationMinutes: 150,
      language: 'English',
      releaseDate: '2026-01-01',
      now,
    });
    const startsAt = new Date(now.getTime() + 30 * 24 * 3600_000);
    const show = await insertShow(db, {
      movieId: movie.id,
      theaterId: theater.id,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 150 * 60_000),
      now,
    });
    if (!show) throw new Error(`Theater ${theater.id} has no screen`);
    await saveSaleSettings(db, show.id, {
      salesOpenAt: new Date(now.getTime() + 3600_000),
      highDemand: true,
    });

    const hash = await hashPassword('Bench#Password1');
    const prefix = `fan${now.getTime()}_`;
    const users = await db.query<AuthUser>`
      INSERT INTO users (username, email, password_hash, role, created_at, updated_at)
      SELECT ${prefix} || i, ${prefix} || i || '@bench.local', ${hash}, 'user', ${now}, ${now}
        FROM generate_series(1, ${fans}::integer) AS i
      ORDER BY i
      RETURNING id, username, email, role`;
    const [ownerPair, ...fanPairs] = await openSessions(db, tokenConfig, [owner, ...users], now);
    // Where the database's time goes during the run, from here (pg_autoctl preloads
    // pg_stat_statements).
    try {
      await db.query`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`;
      await db.query`SELECT pg_stat_statements_reset()`;
    } catch (error) {
      console.error(`No pg_stat_statements: ${(error as Error).message}`);
    }
    console.log(
      JSON.stringify({
        ownerToken: ownerPair?.access,
        showId: show.id,
        seats: show.total_seats,
        maxSeatsPerShow: config.maxSeatsPerShow,
        fans: users.map((u, i) => ({ id: u.id, token: fanPairs[i]?.access })),
      }),
    );
  } else if (command === 'verify') {
    const showId = Number(arg);
    const [sold] = await db.query<{ sold: number; seats: number; twice: number }>`
      SELECT count(*)::integer AS sold, count(DISTINCT seat_id)::integer AS seats,
             (SELECT count(*)::integer FROM (
                SELECT seat_id FROM bookings
                 WHERE show_id = ${showId} AND NOT is_cancelled
                 GROUP BY seat_id HAVING count(*) > 1) d) AS twice
        FROM bookings WHERE show_id = ${showId} AND NOT is_cancelled`;
    const [accounts] = await db.query<{ buyers: number; most: number; over: number }>`
      SELECT count(*)::integer AS buyers, coalesce(max(n), 0)::integer AS most,
             count(*) FILTER (WHERE n > ${config.maxSeatsPerShow})::integer AS over
        FROM (SELECT user_id, count(*) AS n FROM bookings
               WHERE show_id = ${showId} AND NOT is_cancelled GROUP BY user_id) per_user`;
    const line = await db.query<{
      u: number;
      j: number;
      a: number | null;
      l: number | null;
      k: number;
      s: number;
    }>`
      SELECT user_id AS u, sort_key AS k, seq::float8 AS s,
             (extract(epoch FROM joined_at) * 1000)::float8 AS j,
             (extract(epoch FROM admitted_at) * 1000)::float8 AS a,
             (extract(epoch FROM left_at) * 1000)::float8 AS l
        FROM sale_line WHERE show_id = ${showId}`;
    const [show] = await db.query<{ opens: number }>`
      SELECT (extract(epoch FROM sales_open_at) * 1000)::float8 AS opens
        FROM shows WHERE id = ${showId}`;
    let statements: unknown[] = [];
    try {
      statements = await db.query`
        SELECT calls::float8 AS calls, total_exec_time::float8 AS total_ms,
               mean_exec_time::float8 AS mean_ms, rows::float8 AS rows,
               regexp_replace(query, '[[:space:]]+', ' ', 'g') AS query
          FROM pg_stat_statements
         ORDER BY total_exec_time DESC LIMIT 8`;
    } catch {
      // Not preloaded: no breakdown.
    }
    console.log(
      JSON.stringify({
        ...sold,
        statements,
        ...accounts,
        limit: config.maxSeatsPerShow,
        opensAt: show?.opens,
        line,
      }),
    );
  } else {
    throw new Error('usage: prepare <fans> | verify <showId>');
  }
} finally {
  await db.close();
}
