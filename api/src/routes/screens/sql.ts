// Every SQL statement of the screens resource (docs/decisions/0045-screens-and-seat-layouts.md).
// Callers pass `db` or, inside a transaction, `tx`. An owner reaches only the screens of their own
// theaters: every read and write here takes the caller's owner id (null: an admin, any theater).

import { SEAT_EVENTS_CHANNEL } from '../../booking/sql.ts';
import type { Queryable } from '../../db/db.ts';
import type { Layout, SeatPlan } from '../../screens/layout.ts';

/** A screen as stored, with its theater's name. */
export interface ScreenRow {
  id: number;
  theater: number;
  theater_name: string;
  name: string;
  layout: Layout;
  accessible_release_minutes: number;
  created_at: Date;
  updated_at: Date;
}

/**
 * The screens of a theater, oldest first (the first is where a show goes without `screen`), or
 * null when there is no such theater (or, for an owner, not theirs).
 */
export async function listScreens(
  q: Queryable,
  theaterId: number,
  ownerId: number | null,
): Promise<ScreenRow[] | null> {
  const [row] = await q.query<{ found: boolean; screens: ScreenRow[] | null }>`
    SELECT t.id IS NOT NULL AS found,
           (SELECT json_agg(json_build_object(
                     'id', sc.id, 'theater', sc.theater_id, 'theater_name', t.name,
                     'name', sc.name, 'layout', sc.layout,
                     'accessible_release_minutes', sc.accessible_release_minutes,
                     'created_at', sc.created_at, 'updated_at', sc.updated_at) ORDER BY sc.id)
              FROM screens sc WHERE sc.theater_id = t.id) AS screens
      FROM (SELECT 1) one
      LEFT JOIN theaters t
        ON t.id = ${theaterId} AND (${ownerId}::bigint IS NULL OR t.owner_id = ${ownerId})`;
  if (!row?.found) return null;
  // json_build_object writes timestamps as text.
  return (row.screens ?? []).map((s) => ({
    ...s,
    created_at: new Date(s.created_at),
    updated_at: new Date(s.updated_at),
  }));
}

/** One screen (for an owner, only one of their theaters'); `lock`: FOR UPDATE, in a transaction. */
export async function findScreen(
  q: Queryable,
  id: number,
  ownerId: number | null,
  lock = false,
): Promise<ScreenRow | null> {
  const rows = lock
    ? await q.query<ScreenRow>`
        SELECT sc.id, sc.theater_id AS theater, t.name AS theater_name, sc.name, sc.layout,
               sc.accessible_release_minutes, sc.created_at, sc.updated_at
          FROM screens sc JOIN theaters t ON t.id = sc.theater_id
         WHERE sc.id = ${id} AND (${ownerId}::bigint IS NULL OR t.owner_id = ${ownerId})
           FOR UPDATE OF sc`
    : await q.query<ScreenRow>`
        SELECT sc.id, sc.theater_id AS theater, t.name AS theater_name, sc.name, sc.layout,
               sc.accessible_release_minutes, sc.created_at, sc.updated_at
          FROM screens sc JOIN theaters t ON t.id = sc.theater_id
         WHERE sc.id = ${id} AND (${ownerId}::bigint IS NULL OR t.owner_id = ${ownerId})`;
  return rows[0] ?? null;
}

/**
 * Adds a screen to a theater of the owner's; null when the theater is not theirs (or none).
 * A name taken in the theater fails with 23505 screens_theater_name_key.
 */
export async function insertScreen(
  q: Queryable,
  screen: {
    ownerId: number;
    theaterId: number;
    name: string;
    layout: Layout;
    accessibleReleaseMinutes: number;
    now: Date;
  },
): Promise<ScreenRow | null> {
  const [row] = await q.query<ScreenRow>`
    WITH theater AS (
      SELECT id, name FROM theaters WHERE id = ${screen.theaterId} AND owner_id = ${screen.ownerId}
    ), added AS (
      INSERT INTO screens (theater_id, name, layout, accessible_release_minutes, created_at,
                           updated_at)
      SELECT id, ${screen.name}, ${screen.layout}::jsonb, ${screen.accessibleReleaseMinutes},
             ${screen.now}, ${screen.now}
        FROM theater
      RETURNING *
    )
    SELECT a.id, a.theater_id AS theater, t.name AS theater_name, a.name, a.layout,
           a.accessible_release_minutes, a.created_at, a.updated_at
      FROM added a JOIN theater t ON t.id = a.theater_id`;
  return row ?? null;
}

/** Writes a screen's new name, layout and release minutes (the caller locked it). */
export async function updateScreen(
  q: Queryable,
  id: number,
  change: { name: string; layout: Layout; accessibleReleaseMinutes: number; now: Date },
): Promise<void> {
  await q.query`
    UPDATE screens
       SET name = ${change.name}, layout = ${change.layout}::jsonb,
           accessible_release_minutes = ${change.accessibleReleaseMinutes},
           updated_at = ${change.now}
     WHERE id = ${id}`;
}

/**
 * After a screen's layout or release minutes changed: its upcoming shows whose sales open later
 * and that never had a hold or a booking get their seats drawn again from `plan` (new seat ids)
 * and their accessible_release_at again; every other upcoming show keeps the seats it was made
 * with, so no customer's ticket or hold ever moves. Each redrawn show's map changes like any
 * other seat change (seats_version bumped, an event logged and NOTIFY seat_events, with no seats:
 * every instance's snapshot of it is then stale and read again). Returns how many of each.
 *
 * The shows' rows are locked first (id order), in a statement of their own, so what is checked
 * next is read after any writer to them committed: a hold at the very moment sales open locks
 * the show's row too (booking/sql.ts recordSeatChange), and is either seen here or waits.
 */
export async function redrawShows(
  q: Queryable,
  change: { screenId: number; plan: SeatPlan; releaseMinutes: number; now: Date },
): Promise<{ redrawn: number; kept: number }> {
  const { screenId, plan, releaseMinutes, now } = change;
  const locked = await q.query<{ id: number }>`
    SELECT id FROM shows WHERE screen_id = ${screenId} AND starts_at > ${now}
     ORDER BY id FOR UPDATE`;
  if (locked.length === 0) return { redrawn: 0, kept: 0 };
  const ids = locked.map((s) => s.id);
  const eligible = await q.query<{ id: number }>`
    SELECT s.id FROM shows s
     WHERE s.id = ANY (${ids}::bigint[])
       AND s.sales_open_at > ${now}
       AND NOT EXISTS (SELECT 1 FROM holds h WHERE h.show_id = s.id)
       AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.show_id = s.id)
     ORDER BY s.id`;
  const redraw = eligible.map((s) => s.id);
  if (redraw.length > 0) {
    await q.query`DELETE FROM seats WHERE show_id = ANY (${redraw}::bigint[])`;
    await q.query`
      INSERT INTO seats (show_id, row_label, col, row_pos, x, kind, category, price, partner_x)
      SELECT s.id, p.row_label, p.col, p.row_pos, p.x, p.kind, p.category, p.price, p.partner_x
        FROM unnest(${redraw}::bigint[]) AS s(id)
       CROSS JOIN jsonb_to_recordset(${plan.seats}::jsonb)
             AS p(row_label text, col smallint, row_pos smallint, x smallint, kind text,
                  category text, price integer, partner_x smallint)
       ORDER BY s.id, p.row_pos, p.x`;
    await q.query`
      WITH bumped AS (
        UPDATE shows
           SET total_seats = ${plan.total}, min_price = ${plan.minPrice},
               max_price = ${plan.maxPrice},
               accessible_release_at = starts_at - ${releaseMinutes} * interval '1 minute',
               seats_version = seats_version + 1, details_version = details_version + 1
         WHERE id = ANY (${redraw}::bigint[])
        RETURNING id, seats_version
      ), event AS (
        INSERT INTO seat_events (show_id, version, seats, created_at)
        SELECT id, seats_version, '[]'::jsonb, ${now} FROM bumped
        RETURNING id, show_id, version
      )
      SELECT pg_notify(${SEAT_EVENTS_CHANNEL}, json_build_object(
               'id', e.id, 'show', e.show_id, 'version', e.version, 'seats', NULL,
               'owners', NULL, 'next_expiry', NULL)::text)
        FROM event e`;
  }
  return { redrawn: redraw.length, kept: ids.length - redraw.length };
}

/**
 * A renamed screen: its upcoming shows' details_version moves on, so no instance's memory of
 * the customer's show list (routes/shows/show-list-cache.ts) keeps the old name.
 */
export async function touchShowDetails(q: Queryable, screenId: number, now: Date): Promise<void> {
  await q.query`
    UPDATE shows SET details_version = details_version + 1
     WHERE screen_id = ${screenId} AND starts_at > ${now}`;
}
