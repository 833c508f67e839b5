// Every SQL statement of the theaters resource. Callers pass `db` or, inside a transaction, `tx`.
import type { Db, Queryable } from '../../db/db.ts';
import { withCustomPlans } from '../../http/pagination.ts';
import { DEFAULT_SCREEN_NAME, defaultScreenLayout } from '../../screens/layout.ts';

/** A theater as the API shows it. */
export interface Theater {
  id: number;
  name: string;
  location: string;
  owner: number;
  rows: number;
  seats_per_row: number;
}

export async function listTheaters(q: Queryable): Promise<Theater[]> {
  return await q.query<Theater>`
    SELECT id, name, location, owner_id AS owner, seat_rows AS rows, seats_per_row
      FROM theaters
     ORDER BY name, id`;
}

/**
 * Creates a theater and, in the same statement, its default screen ('Screen 1', the rectangle
 * of rows x seats per row of Standard seats; docs/decisions/0045-screens-and-seat-layouts.md), so
 * a theater made the spec's way takes shows at once.
 */
export async function insertTheater(
  q: Queryable,
  theater: {
    ownerId: number;
    name: string;
    location: string;
    seatRows?: number;
    seatsPerRow?: number;
    now: Date;
  },
): Promise<Theater> {
  const layout = defaultScreenLayout(theater.seatRows, theater.seatsPerRow);
  const [row] = await q.query<Theater>`
    WITH new_theater AS (
      INSERT INTO theaters (owner_id, name, location, seat_rows, seats_per_row, created_at)
      VALUES (${theater.ownerId}, ${theater.name}, ${theater.location},
              ${layout.rows.length}, ${layout.rows[0]?.cells.length ?? 0}, ${theater.now})
      RETURNING id, name, location, owner_id AS owner, seat_rows AS rows, seats_per_row
    ), new_screen AS (
      INSERT INTO screens (theater_id, name, layout, created_at, updated_at)
      SELECT id, ${DEFAULT_SCREEN_NAME}, ${layout}::jsonb, ${theater.now}, ${theater.now}
        FROM new_theater
    )
    SELECT * FROM new_theater`;
  if (!row) throw new Error('INSERT INTO theaters returned no row');
  return row;
}

export async function countTheaters(q: Queryable): Promise<number> {
  const [row] = await q.query<{ n: number }>`SELECT count(*) AS n FROM theaters`;
  return row?.n ?? 0;
}

export async function theatersOfOwner(q: Queryable, ownerId: number): Promise<Theater[]> {
  return await q.query<Theater>`
    SELECT id, name, location, owner_id AS owner, seat_rows AS rows, seats_per_row
      FROM theaters
     WHERE owner_id = ${ownerId}
     ORDER BY id`;
}

/** A theater in the owner's and admin's paged lists. */
export interface ListedTheater extends Theater {
  /** The owner's username. */
  owner_name: string;
  /** How many theaters its owner has. */
  theater_count: number;
}

/**
 * One page of theaters by name, all of them or one owner's, matching `pattern` (ILIKE) on the
 * name or location (or, with `searchOwners`, the owner's username). One statement: every row
 * carries total_count, counted up to `countCap`; a page past the end is a single row of nulls
 * but for total_count. Planned for its values (withCustomPlans); `matching` is read twice, each
 * read planned on its own (NOT MATERIALIZED). Only owners' names are searched: a one-letter
 * search over every customer's name read 100,000 users (150 ms).
 */
export async function pageTheaters(
  db: Db,
  filter: {
    ownerId: number | null;
    pattern: string | null;
    searchOwners: boolean;
    limit: number;
    offset: number;
    countCap: number;
  },
): Promise<(ListedTheater & { total_count: number })[]> {
  const { ownerId, pattern, searchOwners, limit, offset, countCap } = filter;
  return await withCustomPlans(
    db,
    (q) => q.query<ListedTheater & { total_count: number }>`
    WITH matching AS NOT MATERIALIZED (
      SELECT t.id FROM theaters t
       WHERE (${ownerId}::bigint IS NULL OR t.owner_id = ${ownerId})
         AND (${pattern}::text IS NULL
              OR t.name ILIKE ${pattern} OR t.location ILIKE ${pattern}
              OR (${searchOwners}::boolean
                  AND t.owner_id IN (SELECT id FROM users
                                      WHERE role = 'owner' AND username ILIKE ${pattern})))
    )
    SELECT n.total_count, p.*
      FROM (SELECT count(*)::integer AS total_count
              FROM (SELECT 1 FROM matching LIMIT ${countCap}) c) n
      LEFT JOIN LATERAL (
        SELECT t.id, t.name, t.location, t.owner_id AS owner, t.seat_rows AS rows,
               t.seats_per_row, u.username AS owner_name,
               (SELECT count(*) FROM theaters o WHERE o.owner_id = t.owner_id) AS theater_count
          FROM matching mt
          JOIN theaters t ON t.id = mt.id
          JOIN users u ON u.id = t.owner_id
         ORDER BY t.name, t.id
         LIMIT ${limit} OFFSET ${offset}) p ON true
     ORDER BY p.name, p.id`,
  );
}
