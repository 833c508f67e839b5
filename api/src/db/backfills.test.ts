// The backfill of migration 0030_screens (backfills.ts) on a product that has seats: the
// migration's transaction leaves every seat as it was, and the backfill gives each its place
// across batch boundaries, then makes the table strict.
import assert from 'node:assert/strict';
import { onPostgresServer, secondPool } from '../testing/db.ts';
import { dbMigratedTo, ownerAndCustomer } from '../testing/migrations.ts';
import { completeBackfills } from './backfills.ts';
import type { Queryable } from './db.ts';
import { applyMigrations, readMigrations } from './migrate.ts';

const NOW = new Date('2026-03-01T10:00:00Z');

/** A theater's show with its seats made as POST shows/ made them before screens (no place yet). */
async function showWithSeatsBeforeScreens(
  db: Queryable,
  ownerId: number,
  { rows, seatsPerRow }: { rows: number; seatsPerRow: number },
): Promise<{ id: number }> {
  const [show] = await db.query<{ id: number }>`
    WITH theater AS (
      INSERT INTO theaters (owner_id, name, location, seat_rows, seats_per_row, created_at)
      VALUES (${ownerId}, 'PVR', 'Mumbai', ${rows}, ${seatsPerRow}, ${NOW}) RETURNING id
    ), movie AS (
      INSERT INTO movies (theater_id, owner_id, title, description, duration_minutes, language,
                          release_date, created_at)
      SELECT id, ${ownerId}, 'Jawan', 'A film.', 120, 'Hindi', '2026-01-01', ${NOW} FROM theater
      RETURNING id, theater_id
    )
    INSERT INTO shows (movie_id, theater_id, starts_at, ends_at, total_seats, created_at)
    SELECT id, theater_id, ${NOW}, ${new Date(NOW.getTime() + 7200_000)}, ${rows * seatsPerRow},
           ${NOW} FROM movie
    RETURNING id`;
  assert.ok(show);
  await db.query`
    INSERT INTO seats (show_id, row_label, col)
    SELECT ${show.id}, chr(64 + r), c
      FROM generate_series(1, ${rows}::int) r, generate_series(1, ${seatsPerRow}::int) c`;
  return show;
}

Deno.test('seats made before screens get their place in batches after the migration; then the checks hold and nothing is left to do', async () => {
  await using t = await dbMigratedTo(29);
  const { db } = t;
  const { owner } = await ownerAndCustomer(db, NOW);
  // A 3 x 9 theater's show, its seats made as POST shows/ made them before screens.
  const show = await showWithSeatsBeforeScreens(db, owner.id, { rows: 3, seatsPerRow: 9 });

  await applyMigrations(db, await readMigrations());
  assert.deepEqual(
    await db.query`SELECT count(*)::int AS n FROM seats WHERE row_pos IS NULL AND x IS NULL`,
    [{ n: 27 }],
  );
  // Meanwhile an instance of the previous version adds a seat the spec's way: it gets its place.
  await db.query`INSERT INTO seats (show_id, row_label, col) VALUES (${show.id}, 'D', 1)`;

  const said: string[] = [];
  await completeBackfills(db, { log: (m) => said.push(m), batchIds: 4 });
  assert.equal(said.length, 1);
  assert.match(said[0] ?? '', /^Gave 27 seats their place and validated seats' checks in /);
  const seats = await db.query<{ row_label: string; col: number; row_pos: number; x: number }>`
    SELECT row_label, col, row_pos, x FROM seats ORDER BY id`;
  assert.equal(seats.length, 28);
  for (const s of seats)
    assert.deepEqual([s.row_pos, s.x], [s.row_label.charCodeAt(0) - 64, s.col]);
  assert.deepEqual(
    await db.query`
      SELECT count(*) FILTER (WHERE NOT convalidated)::int AS not_valid FROM pg_constraint
       WHERE conrelid = 'seats'::regclass AND contype = 'c'`,
    [{ not_valid: 0 }],
  );
  await assert.rejects(
    () => db.query`UPDATE seats SET x = NULL WHERE show_id = ${show.id}`,
    /null value in column "x"/,
  );
  await assert.rejects(
    () => db.query`UPDATE seats SET price = -1 WHERE show_id = ${show.id}`,
    /seats_price_check/,
  );

  // Done is done: a restart finds nothing to do and says nothing.
  await completeBackfills(db, { log: (m) => said.push(m), batchIds: 4 });
  assert.equal(said.length, 1);
});

Deno.test({
  name: 'the database dropping every connection mid-backfill fails the start; the next start finishes where it stopped',
  ignore: !onPostgresServer,
  async fn() {
    await using t = await dbMigratedTo(29);
    const { db } = t;
    const { owner } = await ownerAndCustomer(db, NOW);
    await showWithSeatsBeforeScreens(db, owner.id, { rows: 26, seatsPerRow: 30 });
    await applyMigrations(db, await readMigrations());

    // One seat a batch, and every connection to the database cut once some have their place.
    await using killer = secondPool(t);
    const first = completeBackfills(db, { batchIds: 1 });
    const placed = async () =>
      (
        await killer.db.query<{ n: number }>`
        SELECT count(*)::int AS n FROM seats WHERE row_pos IS NOT NULL`
      )[0]?.n ?? 0;
    while ((await placed()) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await killer.db.query`
      SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid()`;
    await assert.rejects(first);
    const [left] = await killer.db.query<{ n: number }>`
      SELECT count(*)::int AS n FROM seats WHERE row_pos IS NULL`;
    assert.ok(left && left.n > 0 && left.n < 780, `${left?.n} seats left`);

    const said: string[] = [];
    await completeBackfills(db, { log: (m) => said.push(m) });
    assert.match(said[0] ?? '', new RegExp(`^Gave ${left.n} seats their place`));
    assert.deepEqual(
      await db.query`
        SELECT count(*)::int AS n FROM seats
         WHERE row_pos <> ascii(row_label) - 64 OR x <> col OR row_pos IS NULL`,
      [{ n: 0 }],
    );
  },
});
