// Migration 0030_screens on a product that already has theaters, shows, seats and bookings
// (docs/decisions/0045-screens-and-seat-layouts.md): every theater becomes one screen, 'Screen 1',
// with its rectangle; every show plays there; every seat gets its place; no booking changes.
import assert from 'node:assert/strict';
import { defaultLayout } from '../../../packages/contract/src/seating.js';
import { dbMigratedTo, ownerAndCustomer } from '../testing/migrations.ts';
import { migrate, readMigrations } from './migrate.ts';

const NOW = new Date('2026-03-01T10:00:00Z');
const HOUR = 3600_000;

Deno.test('migrating to screens makes each theater one Screen 1 with its rectangle and keeps every booking', async () => {
  await using t = await dbMigratedTo(29);
  const { db } = t;
  // The product as it was: two theaters (3 x 4 and 2 x 5), a show in each and two in the first,
  // seats made as POST shows/ made them then, a live and a cancelled booking.
  const { owner, customer } = await ownerAndCustomer(db, NOW);
  const theaters = await db.query<{ id: number }>`
    INSERT INTO theaters (owner_id, name, location, seat_rows, seats_per_row, created_at)
    VALUES (${owner.id}, 'PVR', 'Mumbai', 3, 4, ${NOW}), (${owner.id}, 'INOX', 'Pune', 2, 5, ${NOW})
    RETURNING id`;
  const movies = await db.query<{ id: number }>`
    INSERT INTO movies (theater_id, owner_id, title, description, duration_minutes, language,
                        release_date, created_at)
    SELECT id, ${owner.id}, 'Jawan', 'A film.', 120, 'Hindi', '2026-01-01', ${NOW}
      FROM unnest(${theaters.map((x) => x.id)}::bigint[]) AS t(id)
    RETURNING id, theater_id`;
  const plan = [
    { movie: movies[0], starts: 24 },
    { movie: movies[0], starts: 48 },
    { movie: movies[1], starts: 24 },
  ];
  const shows: number[] = [];
  for (const p of plan) {
    const startsAt = new Date(NOW.getTime() + p.starts * HOUR);
    const [row] = await db.query<{ id: number }>`
      WITH new_show AS (
        INSERT INTO shows (movie_id, theater_id, starts_at, ends_at, total_seats, created_at)
        SELECT m.id, t.id, ${startsAt}, ${new Date(startsAt.getTime() + 2 * HOUR)},
               t.seat_rows * t.seats_per_row, ${NOW}
          FROM movies m JOIN theaters t ON t.id = m.theater_id
         WHERE m.id = ${(p.movie as { id: number }).id}
        RETURNING id, theater_id
      ), new_seats AS (
        INSERT INTO seats (show_id, row_label, col)
        SELECT s.id, chr(64 + r), c
          FROM new_show s JOIN theaters t ON t.id = s.theater_id
         CROSS JOIN generate_series(1, t.seat_rows) AS r
         CROSS JOIN generate_series(1, t.seats_per_row) AS c
      )
      SELECT id FROM new_show`;
    shows.push((row as { id: number }).id);
  }
  await db.query`
    INSERT INTO bookings (user_id, show_id, seat_id, price, created_at)
    SELECT ${customer.id}, show_id, id, 100, ${NOW} FROM seats
     WHERE show_id = ${shows[0]} AND row_label = 'B' AND col IN (2, 3)`;
  await db.query`
    UPDATE bookings SET is_cancelled = true, cancelled_at = ${NOW}
     WHERE seat_id = (SELECT id FROM seats WHERE show_id = ${shows[0]} AND row_label = 'B'
                                             AND col = 3)`;
  const bookingsBefore = await db.query`
    SELECT id, user_id, show_id, seat_id, price, is_cancelled FROM bookings ORDER BY id`;
  const seatsBefore = await db.query`SELECT id, show_id, row_label, col FROM seats ORDER BY id`;
  const headsBefore = await db.query`SELECT id, json_head FROM seats ORDER BY id`;
  // Online: no seat is rewritten (a chain has millions); the backfill after the migration's
  // transaction fills their places in place (db/backfills.ts, backfills.test.ts).
  const [fileBefore] = await db.query`SELECT pg_relation_filenode('seats') AS file`;

  const applied = await migrate(db, await readMigrations());
  assert.ok(applied.some((m) => m.name === 'screens'));

  const screens = await db.query<{
    id: number;
    theater_id: number;
    name: string;
    layout: unknown;
    accessible_release_minutes: number;
  }>`SELECT id, theater_id, name, layout, accessible_release_minutes FROM screens ORDER BY id`;
  assert.deepEqual(
    screens.map(({ id: _, ...s }) => s),
    [
      {
        theater_id: theaters[0]?.id,
        name: 'Screen 1',
        layout: defaultLayout(3, 4),
        accessible_release_minutes: 120,
      },
      {
        theater_id: theaters[1]?.id,
        name: 'Screen 1',
        layout: defaultLayout(2, 5),
        accessible_release_minutes: 120,
      },
    ],
  );
  const showRows = await db.query<{
    id: number;
    screen_id: number;
    lead: number;
    total_seats: number;
    min_price: number;
    max_price: number;
  }>`
    SELECT id, screen_id, extract(epoch FROM starts_at - accessible_release_at)::integer AS lead,
           total_seats, min_price, max_price
      FROM shows ORDER BY id`;
  const [pvrScreen, inoxScreen] = screens.map((s) => s.id);
  assert.deepEqual(showRows, [
    {
      id: shows[0],
      screen_id: pvrScreen,
      lead: 7200,
      total_seats: 12,
      min_price: 100,
      max_price: 100,
    },
    {
      id: shows[1],
      screen_id: pvrScreen,
      lead: 7200,
      total_seats: 12,
      min_price: 100,
      max_price: 100,
    },
    {
      id: shows[2],
      screen_id: inoxScreen,
      lead: 7200,
      total_seats: 10,
      min_price: 100,
      max_price: 100,
    },
  ]);
  // Every seat keeps its id and label, and stands where its row and number say.
  const seatsAfter = await db.query<{
    id: number;
    show_id: number;
    row_label: string;
    col: number;
    row_pos: number;
    x: number;
    kind: string;
    category: string;
    price: number;
    partner_x: number | null;
  }>`
    SELECT id, show_id, row_label, col, row_pos, x, kind, category, price, partner_x
      FROM seats ORDER BY id`;
  assert.deepEqual(
    seatsAfter.map(({ id, show_id, row_label, col }) => ({ id, show_id, row_label, col })),
    seatsBefore,
  );
  for (const seat of seatsAfter) {
    assert.equal(seat.row_pos, seat.row_label.charCodeAt(0) - 64);
    assert.equal(seat.x, seat.col);
    assert.deepEqual(
      [seat.kind, seat.category, seat.price, seat.partner_x],
      ['seat', 'Standard', 100, null],
    );
  }
  assert.deepEqual(await db.query`SELECT id, json_head FROM seats ORDER BY id`, headsBefore);
  assert.deepEqual(await db.query`SELECT pg_relation_filenode('seats') AS file`, [fileBefore]);
  assert.deepEqual(
    await db.query`SELECT id, user_id, show_id, seat_id, price, is_cancelled FROM bookings ORDER BY id`,
    bookingsBefore,
  );
  // The two shows of PVR are on one screen now: another at the same time is refused there.
  const [first] = await db.query<{ starts_at: Date; ends_at: Date; movie_id: number }>`
    SELECT starts_at, ends_at, movie_id FROM shows WHERE id = ${shows[0]}`;
  await assert.rejects(
    () => db.query`
      INSERT INTO shows (movie_id, theater_id, screen_id, starts_at, ends_at,
                         accessible_release_at, total_seats, created_at)
      VALUES (${first?.movie_id}, ${theaters[0]?.id}, ${pvrScreen}, ${first?.starts_at},
              ${first?.ends_at}, ${first?.starts_at}, 12, ${NOW})`,
    /shows_no_overlap_on_screen/,
  );
});
