// The database side of `npm run bench -- --scale` (scripts/bench/scale.mjs), against DATABASE_URL:
//   migrate        -> applies the migrations up to SEED_SCHEMA (the schema scale-seed.sql is
//                     written for); the API applies the later ones when it starts, on the
//                     seeded rows, as it would on a production database
//   seed           -> runs scale-seed.sql step by step (timings on stderr), then prints JSON:
//                     the rows of each table and the seconds taken
//   vacuum         -> VACUUM (ANALYZE) of every table, as autovacuum would after the newer
//                     migrations' backfills (which clear the visibility maps the lists'
//                     index-only scans rely on)
//   facts          -> JSON: who and what the bench measures with (the largest owner, a
//                     customer with tickets, an upcoming show, search words)
//   explain <json> -> EXPLAIN (ANALYZE, BUFFERS) of each list statement as the API runs it (the
//                     same functions with the same arguments), printed as text
// Needs DATABASE_URL; seed also SCALE_PASSWORD (every account's password) and APP_TIMEZONE.

import postgres from 'postgres';
import { hashPassword } from '../src/auth/passwords.ts';
import { loadConfig } from '../src/config.ts';
import type { Queryable } from '../src/db/db.ts';
import { migrate, readMigrations } from '../src/db/migrate.ts';
import { openPostgres } from '../src/db/postgres.ts';
import { explainLists } from './scale-explain.ts';

/** The last migration scale-seed.sql knows; newer ones run after it, on the seeded rows. */
export const SEED_SCHEMA = 13;

const config = loadConfig(Deno.env.toObject());
if (!config.databaseUrl) throw new Error('DATABASE_URL is required');
const [command, arg] = Deno.args;

function seconds(since: number): number {
  return Math.round((performance.now() - since) / 100) / 10;
}

async function seed(url: string) {
  const password = Deno.env.get('SCALE_PASSWORD');
  if (!password) throw new Error('SCALE_PASSWORD is required');
  const text = await Deno.readTextFile(new URL('./scale-seed.sql', import.meta.url));
  // A database this seed already filled (BENCH_DATABASE_URL, run again) is measured as it is.
  const seeded = await openPostgres(url, { max: 1 });
  try {
    const [done] = await seeded.query<{ yes: boolean }>`
      SELECT EXISTS (SELECT 1 FROM users WHERE email = 'owner1@scale.test') AS yes`;
    if (done?.yes) {
      console.error('  seed: the database is seeded already, measuring it as it is');
      return await counts(url, null);
    }
  } finally {
    await seeded.close();
  }
  // One session for every step: the temp tables and settings of one step serve the next.
  const sql = postgres(config.databaseUrl as string, { max: 1, onnotice: () => {} });
  const started = performance.now();
  try {
    await sql`SELECT set_config('scale.password_hash', ${await hashPassword(password)}, false),
                     set_config('scale.tz', ${config.appTimezone}, false)`;
    const steps = text.split(/^-- step: /m).slice(1);
    for (const step of steps) {
      const name = step.slice(0, step.indexOf('\n')).trim();
      const at = performance.now();
      await sql.unsafe(step.slice(step.indexOf('\n') + 1));
      console.error(`  seed ${name.padEnd(10)} ${seconds(at).toFixed(1)} s`);
    }
  } finally {
    await sql.end();
  }
  return await counts(url, seconds(started));
}

/** The rows of each table, and how long the seed took (null: not seeded now). */
async function counts(url: string, took: number | null) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [rows] = await sql<Record<string, number>[]>`
      SELECT (SELECT count(*) FROM users WHERE role = 'owner')::int AS owners,
             (SELECT count(*) FROM users WHERE role = 'user')::int AS customers,
             (SELECT count(*) FROM theaters)::int AS theaters,
             (SELECT count(*) FROM movies)::int AS movies,
             (SELECT count(*) FROM shows)::int AS shows,
             (SELECT count(*) FROM shows WHERE starts_at > now())::int AS upcoming_shows,
             (SELECT count(*) FROM seats)::int AS seats,
             (SELECT count(*) FROM bookings)::int AS bookings,
             (SELECT count(*) FROM bookings WHERE is_cancelled)::int AS cancelled,
             (SELECT count(*) FROM bookings WHERE checked_in_at IS NOT NULL)::int AS checked_in`;
    console.log(JSON.stringify({ ...rows, seconds: took }));
  } finally {
    await sql.end();
  }
}

/** Who and what to measure with; every account's password is SCALE_PASSWORD. */
async function facts(q: Queryable) {
  const [owner] = await q.query<{ id: number; email: string; theaters: number }>`
    SELECT u.id, u.email, count(*)::int AS theaters
      FROM users u JOIN theaters t ON t.owner_id = u.id
     GROUP BY u.id ORDER BY count(*) DESC, u.id LIMIT 1`;
  const [customer] = await q.query<{ email: string; username: string }>`
    SELECT u.email, u.username FROM users u
     WHERE u.role = 'user' AND EXISTS (SELECT 1 FROM bookings b WHERE b.user_id = u.id)
     ORDER BY u.id DESC LIMIT 1`;
  // The soonest upcoming show with tickets sold: a seat map with red seats.
  const [show] = await q.query<{ id: number }>`
    SELECT id FROM shows WHERE starts_at > now() AND booked_seats > 0
     ORDER BY starts_at, id LIMIT 1`;
  // A blockbuster (in hundreds of theaters, a tenth of all tickets) and one customer's name.
  const [many] = await q.query<{ title: string }>`
    SELECT m.title FROM movies m GROUP BY m.title ORDER BY count(*) DESC, m.title LIMIT 1`;
  const [theater] = await q.query<{ name: string }>`
    SELECT name FROM theaters WHERE owner_id = ${owner?.id ?? 0} ORDER BY id DESC LIMIT 1`;
  if (!owner || !customer || !show || !many || !theater)
    throw new Error('the database is not seeded');
  console.log(
    JSON.stringify({
      owner,
      customer,
      show: show.id,
      search: { many: many.title, few: customer.username, theater: theater.name },
    }),
  );
}

const db = openPostgres(config.databaseUrl, { max: 2 });
try {
  if (command === 'migrate') {
    const all = await readMigrations();
    const applied = await migrate(
      db,
      all.filter((m) => m.version <= SEED_SCHEMA),
    );
    console.error(`  migrations up to ${SEED_SCHEMA}: ${applied.length} applied`);
  } else if (command === 'seed') {
    await seed(config.databaseUrl);
  } else if (command === 'vacuum') {
    const at = performance.now();
    await db.query`VACUUM (ANALYZE)`;
    console.error(`  vacuum after the newer migrations: ${seconds(at).toFixed(1)} s`);
  } else if (command === 'facts') {
    await facts(db);
  } else if (command === 'explain') {
    console.log(await explainLists(db, JSON.parse(arg ?? '{}'), config.appTimezone));
  } else {
    throw new Error(`usage: scale.ts migrate | seed | vacuum | facts | explain <facts json>`);
  }
} finally {
  await db.close();
}
