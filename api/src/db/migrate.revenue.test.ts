// Migration 0031_show_revenue on a product with bookings already (docs/decisions/0045-screens-
// and-seat-layouts.md): each show's revenue is the sum of its live bookings' prices, cancelled
// ones left out, 0 for a show without any.
import assert from 'node:assert/strict';
import { dbMigratedTo, ownerAndCustomer } from '../testing/migrations.ts';
import { migrate, readMigrations } from './migrate.ts';

const NOW = new Date('2026-03-01T10:00:00Z');
const HOUR = 3600_000;

Deno.test('migrating to show revenue sums each show’s live bookings’ prices', async () => {
  await using t = await dbMigratedTo(30);
  const { db } = t;
  const { owner, customer } = await ownerAndCustomer(db, NOW);
  const [theater] = await db.query<{ id: number; screen: number; movie: number }>`
    WITH th AS (
      INSERT INTO theaters (owner_id, name, location, seat_rows, seats_per_row, created_at)
      VALUES (${owner.id}, 'PVR', 'Mumbai', 1, 3, ${NOW})
      RETURNING id
    ), sc AS (
      INSERT INTO screens (theater_id, name, layout, created_at, updated_at)
      SELECT id, 'Screen 1', '{"categories": [], "rows": []}', ${NOW}, ${NOW} FROM th
      RETURNING id, theater_id
    ), mv AS (
      INSERT INTO movies (theater_id, owner_id, title, description, duration_minutes, language,
                          release_date, created_at)
      SELECT id, ${owner.id}, 'Jawan', 'A film.', 120, 'Hindi', '2026-01-01', ${NOW} FROM th
      RETURNING id
    )
    SELECT sc.theater_id AS id, sc.id AS screen, mv.id AS movie FROM sc, mv`;
  assert.ok(theater);
  const shows: number[] = [];
  for (const starts of [24, 48]) {
    const startsAt = new Date(NOW.getTime() + starts * HOUR);
    const [show] = await db.query<{ id: number }>`
      WITH new_show AS (
        INSERT INTO shows (movie_id, theater_id, screen_id, starts_at, ends_at,
                           accessible_release_at, total_seats, created_at)
        VALUES (${theater.movie}, ${theater.id}, ${theater.screen}, ${startsAt},
                ${new Date(startsAt.getTime() + 2 * HOUR)}, ${startsAt}, 3, ${NOW})
        RETURNING id
      ), new_seats AS (
        INSERT INTO seats (show_id, row_label, col, row_pos, x, category, price)
        SELECT id, 'A', c, 1, c, 'Any', c * 100 FROM new_show, generate_series(1, 3) AS c
      )
      SELECT id FROM new_show`;
    assert.ok(show);
    shows.push(show.id);
  }
  // The first show: A1 (100) and A3 (300) live, A2 (200) cancelled; the second: nothing sold.
  await db.query`
    INSERT INTO bookings (user_id, show_id, seat_id, price, is_cancelled, cancelled_at, created_at)
    SELECT ${customer.id}, show_id, id, price, col = 2, CASE WHEN col = 2 THEN ${NOW}::timestamptz END,
           ${NOW}
      FROM seats
     WHERE show_id = ${shows[0] as number}`;

  await migrate(db, await readMigrations());
  const rows = await db.query<{ id: number; revenue: number }>`
    SELECT id, revenue::integer AS revenue FROM shows ORDER BY id`;
  assert.deepEqual(rows, [
    { id: shows[0], revenue: 400 },
    { id: shows[1], revenue: 0 },
  ]);
});
