// The parts of migrations that touch every row of a big table, done after the migrations'
// transaction in short batches instead of inside it (docs/decisions/0045-screens-and-seat-layouts.md,
// "Migrating a chain's seats"). A migration adds the columns (nullable, or with a constant
// default) and their checks NOT VALID, so it neither scans nor rewrites the table while it holds
// its lock; a backfill here then fills the existing rows a batch at a time (each batch locks its
// few thousand rows for a moment: bookings go on meanwhile), validates the checks (a scan that
// blocks no reads or writes) and sets NOT NULL (at once: the validated check proves it). Its own
// end state in the catalog says it is done, so a restart picks it up where it was, and a second
// instance starting at once only repeats work that finds nothing left.
import type { Db } from './db.ts';

/** Ids per batch: one batch locks at most this many rows, for well under a second. */
const BATCH_IDS = 20_000;

export type BackfillLog = (message: string) => void;

interface BackfillOptions {
  log: BackfillLog;
  batchIds: number;
}

/**
 * Migration 0030_screens: every seat made before screens gets its place (row_pos from its row
 * letter, x its number), then seats' checks are validated and row_pos and x become NOT NULL.
 */
async function seatPlaces(db: Db, { log, batchIds }: BackfillOptions): Promise<void> {
  const [state] = await db.query<{ added: boolean; done: boolean }>`
    SELECT count(*) > 0 AS added, coalesce(bool_and(a.attnotnull), false) AS done
      FROM pg_attribute a
     WHERE a.attrelid = to_regclass('seats') AND a.attname IN ('row_pos', 'x')
       AND NOT a.attisdropped`;
  if (!state?.added || state.done) return;
  const started = Date.now();
  const [range] = await db.query<{ low: number | null; high: number | null }>`
    SELECT min(id) AS low, max(id) AS high FROM seats`;
  let placed = 0;
  if (range?.low != null && range.high != null) {
    for (let low = range.low; low <= range.high; low += batchIds) {
      const rows = await db.query<{ n: number }>`
        WITH placed AS (
          UPDATE seats SET row_pos = ascii(row_label) - 64, x = col
           WHERE id >= ${low} AND id < ${low + batchIds} AND (row_pos IS NULL OR x IS NULL)
          RETURNING 1)
        SELECT count(*)::int AS n FROM placed`;
      placed += rows[0]?.n ?? 0;
    }
  }
  // Seats inserted meanwhile got their place from the trigger seats_place_from_label. Each
  // VALIDATE is a scan that blocks no reads or writes; one already valid is a no-op.
  await db.query`ALTER TABLE seats VALIDATE CONSTRAINT seats_row_label_check`;
  await db.query`ALTER TABLE seats VALIDATE CONSTRAINT seats_col_check`;
  await db.query`ALTER TABLE seats VALIDATE CONSTRAINT seats_row_pos_check`;
  await db.query`ALTER TABLE seats VALIDATE CONSTRAINT seats_x_check`;
  await db.query`ALTER TABLE seats VALIDATE CONSTRAINT seats_kind_check`;
  await db.query`ALTER TABLE seats VALIDATE CONSTRAINT seats_category_check`;
  await db.query`ALTER TABLE seats VALIDATE CONSTRAINT seats_price_check`;
  await db.query`ALTER TABLE seats VALIDATE CONSTRAINT seats_partner_of_pairs`;
  // At once: the validated seats_row_pos_check and seats_x_check prove no row is null.
  await db.query`ALTER TABLE seats ALTER COLUMN row_pos SET NOT NULL, ALTER COLUMN x SET NOT NULL`;
  log(
    `Gave ${placed.toLocaleString('en-US')} seats their place and validated seats' checks in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** Every backfill, in the order of their migrations. */
const BACKFILLS = [seatPlaces];

/** Completes the backfills the applied migrations left to do (nothing when all are done). */
export async function completeBackfills(
  db: Db,
  { log = () => {}, batchIds = BATCH_IDS }: Partial<BackfillOptions> = {},
): Promise<void> {
  for (const backfill of BACKFILLS) await backfill(db, { log, batchIds });
}
