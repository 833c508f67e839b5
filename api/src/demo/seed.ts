// Demo data for trying the product: a theater owner with four theaters in four cities (one a
// multiplex of three screens, data.ts), three movies each with a poster (posters.ts), shows over the coming five days, and some seats already booked by a second
// customer (red on the seat map). main.ts runs it when config.seedDemo is on (the embedded
// database outside production by default, or SEED_DEMO=1).
//
// It fills an empty product only: nothing happens once any theater exists. The one exception
// keeps a long-lived demo database useful: when the demo owner's theaters have no upcoming shows
// left, the next five days are scheduled again.

import { seatsOfLayout } from '../../../packages/contract/src/seating.js';
import { hashPassword } from '../auth/passwords.ts';
import type { AuthUser } from '../auth/tokens.ts';
import { MAX_TICKETS } from '../booking/rules.ts';
import { bookSeatsByLabel } from '../booking/sql.ts';
import type { Db, Queryable } from '../db/db.ts';
import { insertMovie, listMovies, replacePoster } from '../routes/movies/sql.ts';
import { insertScreen, listScreens, updateScreen } from '../routes/screens/sql.ts';
import {
  countUpcomingShows,
  insertShow,
  localDate,
  localTimeToInstant,
} from '../routes/shows/sql.ts';
import {
  countTheaters,
  insertTheater,
  type Theater,
  theatersOfOwner,
} from '../routes/theaters/sql.ts';
import type { Layout } from '../screens/layout.ts';
import { findUserByEmail, insertUser, usernameTaken } from '../users/sql.ts';
import {
  DEMO_CUSTOMER,
  DEMO_DAYS,
  DEMO_GUEST,
  DEMO_OWNER,
  DEMO_THEATERS,
  type DemoAccount,
  type DemoScreen,
  type DemoTheater,
} from './data.ts';
import { demoPoster } from './posters.ts';

// The demo's accounts and data stay importable from here (main.ts, bench/prepare.ts).
export { DEMO_CUSTOMER, DEMO_DAYS, DEMO_GUEST, DEMO_OWNER, DEMO_THEATERS, type DemoAccount };

export interface SeedResult {
  action: 'seeded' | 'rescheduled';
  theaters: number;
  movies: number;
  shows: number;
  bookings: number;
}

// Serialises instances starting together (see migrate.ts and accounts/admin.ts for the others).
const SEED_LOCK = 827361004;

/**
 * Fills an empty product with the demo data (or reschedules the demo theaters' shows when none
 * is upcoming). Null when there was nothing to do.
 */
export async function seedDemo(
  db: Db,
  { now, tz }: { now: Date; tz: string },
): Promise<SeedResult | null> {
  const result =
    (await countTheaters(db)) > 0
      ? await rescheduleDemo(db, { now, tz })
      : await seedEmpty(db, { now, tz });
  // Fresh statistics after a bulk load, so the planner picks the indexes at once rather than
  // after autovacuum gets round to it.
  if (result) await db.query`ANALYZE theaters, movies, shows, seats, bookings`;
  return result;
}

async function seedEmpty(
  db: Db,
  { now, tz }: { now: Date; tz: string },
): Promise<SeedResult | null> {
  // Hashing (about 10 ms each) and the posters (about 40 ms each) outside the transaction.
  const [ownerHash, customerHash, guestHash] = await Promise.all([
    hashPassword(DEMO_OWNER.password),
    hashPassword(DEMO_CUSTOMER.password),
    hashPassword(DEMO_GUEST.password),
  ]);
  const posters = new Map<string, Awaited<ReturnType<typeof demoPoster>>>();
  for (const title of DEMO_THEATERS.flatMap((spec) => spec.movies.map((m) => m.title))) {
    posters.set(title, await demoPoster(title));
  }
  return await db.transaction(async (tx) => {
    await tx.query`SELECT pg_advisory_xact_lock(${SEED_LOCK})`;
    if ((await countTheaters(tx)) > 0) return null;
    const owner = await ensureAccount(tx, DEMO_OWNER, ownerHash, 'owner', now);
    await ensureAccount(tx, DEMO_CUSTOMER, customerHash, 'user', now);
    const guest = await ensureAccount(tx, DEMO_GUEST, guestHash, 'user', now);
    let movies = 0;
    const theaters: { theater: Theater; spec: DemoTheater }[] = [];
    for (const spec of DEMO_THEATERS) {
      const theater = await insertTheater(tx, {
        ownerId: owner.id,
        name: spec.name,
        location: spec.location,
        seatRows: spec.rows,
        seatsPerRow: spec.seatsPerRow,
        now,
      });
      await drawScreens(tx, theater, spec, now);
      for (const m of spec.movies) {
        const movie = await insertMovie(tx, {
          theaterId: theater.id,
          ownerId: owner.id,
          title: m.title,
          description: m.description,
          durationMinutes: m.duration,
          language: m.language,
          releaseDate: m.released,
          now,
        });
        const poster = posters.get(m.title);
        if (poster) await replacePoster(tx, { movieId: movie.id, ownerId: owner.id, ...poster });
        movies++;
      }
      theaters.push({ theater, spec });
    }
    const { shows, bookings } = await schedule(tx, theaters, guest.id, { now, tz });
    return { action: 'seeded' as const, theaters: theaters.length, movies, shows, bookings };
  });
}

/** A multiplex's screens as data.ts draws them: the first in place of 'Screen 1', then the others. */
async function drawScreens(q: Queryable, theater: Theater, spec: DemoTheater, now: Date) {
  const [first, ...others] = spec.screens ?? [];
  if (!first) return;
  const [screen1] = (await listScreens(q, theater.id, null)) ?? [];
  if (!screen1) throw new Error(`Theater ${theater.id} has no screen`);
  await updateScreen(q, screen1.id, {
    name: first.name,
    layout: first.layout,
    accessibleReleaseMinutes: screen1.accessible_release_minutes,
    now,
  });
  for (const other of others) {
    await insertScreen(q, {
      ownerId: theater.owner,
      theaterId: theater.id,
      name: other.name,
      layout: other.layout,
      accessibleReleaseMinutes: 120,
      now,
    });
  }
}

/** The demo theaters again get DEMO_DAYS of shows when none of them has an upcoming one. */
async function rescheduleDemo(
  db: Db,
  { now, tz }: { now: Date; tz: string },
): Promise<SeedResult | null> {
  return await db.transaction(async (tx) => {
    await tx.query`SELECT pg_advisory_xact_lock(${SEED_LOCK})`;
    const owner = await findUserByEmail(tx, DEMO_OWNER.email);
    const guest = await findUserByEmail(tx, DEMO_GUEST.email);
    if (owner?.role !== 'owner' || !guest) return null;
    const owned = await theatersOfOwner(tx, owner.id);
    const theaters = owned.flatMap((theater) => {
      const spec = DEMO_THEATERS.find((s) => s.name === theater.name);
      return spec ? [{ theater, spec }] : [];
    });
    if (theaters.length === 0) return null;
    const ids = theaters.map((x) => x.theater.id);
    if ((await countUpcomingShows(tx, ids, now)) > 0) return null;
    const { shows, bookings } = await schedule(tx, theaters, guest.id, { now, tz });
    if (shows === 0) return null;
    return {
      action: 'rescheduled' as const,
      theaters: theaters.length,
      movies: 0,
      shows,
      bookings,
    };
  });
}

/**
 * Shows at each theater's slots from today (local) for DEMO_DAYS days, skipping slots already
 * past, the movies taking turns; the guest books a handful of seats of each theater's first
 * three shows.
 */
async function schedule(
  q: Queryable,
  theaters: { theater: Theater; spec: DemoTheater }[],
  guestId: number,
  { now, tz }: { now: Date; tz: string },
): Promise<{ shows: number; bookings: number }> {
  const today = await localDate(q, now, tz);
  let shows = 0;
  let bookings = 0;
  for (const { theater, spec } of theaters) {
    const movies = await listMovies(q, theater.id);
    if (movies.length === 0) continue;
    // The theater's screens, oldest first, as data.ts lists them (one: the default screen).
    const screens = (await listScreens(q, theater.id, null)) ?? [];
    const plans: (DemoScreen & { id: number })[] = (
      spec.screens ?? [{ name: '', layout: screens[0]?.layout as Layout, slots: spec.slots }]
    ).flatMap((plan, i) => {
      const screen = screens[i];
      return screen ? [{ ...plan, layout: screen.layout, id: screen.id }] : [];
    });
    let made = 0;
    for (const [nth, screen] of plans.entries()) {
      for (let day = 0; day < DEMO_DAYS; day++) {
        const date = addDays(today, day);
        for (const [slot, time] of screen.slots.entries()) {
          const startsAt = await localTimeToInstant(q, { date, time, tz });
          if (startsAt <= now) continue;
          const movie = movies[(slot + day + nth) % movies.length];
          if (!movie) continue;
          const endsAt = new Date(startsAt.getTime() + movie.duration_minutes * 60_000);
          const show = await insertShow(q, {
            movieId: movie.id,
            theaterId: theater.id,
            screenId: screen.id,
            startsAt,
            endsAt,
            now,
          });
          if (!show) throw new Error(`Screen ${screen.id} is not in theater ${theater.id}`);
          shows++;
          if (made++ < 3) {
            bookings += await bookSeatsByLabel(q, {
              userId: guestId,
              showId: show.id,
              labels: layoutBookedLabels(show.id, screen.layout),
              now,
            });
          }
        }
      }
    }
  }
  return { shows, bookings };
}

/** 'YYYY-MM-DD' plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * A believable scatter of 8 to 10 booked seats, the same for the same show id: no more than one
 * customer may have of a show (MAX_SEATS_PER_SHOW's default), as the guest books them all.
 */
export function bookedLabels(showId: number, rows: number, seatsPerRow: number): string[] {
  let state = (showId * 2654435761) % 4294967296;
  const next = () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
  const labels = new Set<string>();
  const count = 8 + Math.floor(next() * (MAX_TICKETS - 7));
  while (labels.size < count) {
    // Middle rows and seats sell first.
    const row = Math.min(rows - 1, Math.floor(rows * (0.3 + 0.6 * next())));
    const col = 1 + Math.floor(seatsPerRow * (0.15 + 0.7 * next()));
    labels.add(`${String.fromCharCode(65 + row)}${Math.min(col, seatsPerRow)}`);
  }
  return [...labels];
}

/**
 * bookedLabels over a drawn layout: the same scatter over its plain seats (never a wheelchair
 * space, a companion or a blocked seat), rows and seats counted as the layout has them.
 */
export function layoutBookedLabels(showId: number, layout: Layout): string[] {
  const rows = new Map<number, string[]>();
  for (const seat of seatsOfLayout(layout)) {
    if (seat.kind !== 'seat') continue;
    const row = rows.get(seat.row_pos) ?? [];
    row.push(seat.label);
    rows.set(seat.row_pos, row);
  }
  const plain = [...rows.values()];
  const widest = Math.max(...plain.map((r) => r.length));
  return bookedLabels(showId, plain.length, widest).flatMap((label) => {
    const row = plain[label.charCodeAt(0) - 65];
    const col = Number(label.slice(1));
    const seat = row?.[Math.min(col, row.length) - 1];
    return seat ? [seat] : [];
  });
}

/** The account with this email as it is, or a new one (a numbered name if the name is taken). */
async function ensureAccount(
  q: Queryable,
  account: DemoAccount,
  passwordHash: string,
  role: 'owner' | 'user',
  now: Date,
): Promise<AuthUser> {
  const existing = await findUserByEmail(q, account.email);
  if (existing) {
    const { id, username, email, role: current } = existing;
    return { id, username, email, role: current, scans_for: null };
  }
  let username = account.username;
  for (let n = 2; await usernameTaken(q, username); n++) username = `${account.username}${n}`;
  return await insertUser(q, {
    username,
    email: account.email,
    passwordHash,
    role,
    now,
  });
}
