// Reads of the tickets resource: a ticket by its code as the door sees it, a show's admitted and
// sold counts, and the shows of the day to check in. (The check-in write itself is
// booking/door.ts, with the scans it merges.)
import type { Queryable } from '../../db/db.ts';

export interface DoorTicket {
  id: number;
  movie_name: string;
  theater_name: string;
  show_id: number;
  show: string;
  date: string;
  start_time: string;
  end_time: string;
  seat: { id: number; row: string; column: number };
  seat_label: string;
  /** Null for a door account (routes/tickets/door.ts forDoor). */
  user_name: string | null;
  is_cancelled: boolean;
  checked_in_at: Date | null;
}

/** What check-in needs besides the ticket to say why it was not admitted. */
export interface DoorFacts {
  theater_id: number;
  owner_id: number;
  starts_at: Date;
  ends_at: Date;
  /** Local 'HH24:MI' of the check-in and of when check-in opens. */
  checked_in_time: string | null;
  opens_time: string;
  opens_at: Date;
  /** When the holder last left (an exit scan); null while inside or never admitted. */
  left_at: Date | null;
}

/** The ticket with this code (a canonical UUID), whoever's it is, or null. One statement. */
export async function findDoorTicket(
  q: Queryable,
  { code, tz, earlyMinutes }: { code: string; tz: string; earlyMinutes: number },
): Promise<{ ticket: DoorTicket; facts: DoorFacts } | null> {
  const [row] = await q.query<DoorTicket & DoorFacts>`
    SELECT b.id, m.title AS movie_name, t.name AS theater_name, s.id AS show_id,
           m.title || ' · ' || to_char(s.starts_at AT TIME ZONE ${tz}, 'Dy, DD Mon YYYY')
             || ' · ' || to_char(s.starts_at AT TIME ZONE ${tz}, 'HH24:MI') AS show,
           to_char(s.starts_at AT TIME ZONE ${tz}, 'YYYY-MM-DD') AS date,
           to_char(s.starts_at AT TIME ZONE ${tz}, 'HH24:MI') AS start_time,
           to_char(s.ends_at AT TIME ZONE ${tz}, 'HH24:MI') AS end_time,
           json_build_object('id', se.id, 'row', se.row_label, 'column', se.col) AS seat,
           se.row_label || se.col AS seat_label, u.username AS user_name,
           b.is_cancelled, b.checked_in_at,
           t.id AS theater_id, t.owner_id, s.starts_at, s.ends_at, b.left_at,
           to_char(b.checked_in_at AT TIME ZONE ${tz}, 'HH24:MI') AS checked_in_time,
           s.starts_at - make_interval(mins => ${earlyMinutes}::integer) AS opens_at,
           to_char((s.starts_at - make_interval(mins => ${earlyMinutes}::integer))
                     AT TIME ZONE ${tz}, 'HH24:MI') AS opens_time
      FROM bookings b
      JOIN seats se ON se.id = b.seat_id
      JOIN shows s ON s.id = b.show_id
      JOIN movies m ON m.id = s.movie_id
      JOIN theaters t ON t.id = s.theater_id
      JOIN users u ON u.id = b.user_id
     WHERE b.code = ${code}::uuid`;
  if (!row) return null;
  const { theater_id, owner_id, starts_at, ends_at, checked_in_time, opens_time, opens_at, ...t } =
    row;
  const { left_at, ...ticket } = t;
  return {
    ticket,
    facts: {
      theater_id,
      owner_id,
      starts_at,
      ends_at,
      checked_in_time,
      opens_time,
      opens_at,
      left_at,
    },
  };
}

export interface CheckInCounts {
  show_id: number;
  checked_in: number;
  sold: number;
}

/** Admitted and live tickets of one show (from the live-bookings index of the show). */
export async function checkInCounts(q: Queryable, showId: number): Promise<CheckInCounts> {
  const [row] = await q.query<CheckInCounts>`
    SELECT ${showId}::bigint AS show_id,
           count(*) FILTER (WHERE checked_in_at IS NOT NULL)::integer AS checked_in,
           count(*)::integer AS sold
      FROM bookings
     WHERE show_id = ${showId} AND NOT is_cancelled`;
  return row ?? { show_id: showId, checked_in: 0, sold: 0 };
}

/** The owner of the show's theater, or null for an unknown show. */
export async function ownerOfShow(q: Queryable, showId: number): Promise<number | null> {
  const [row] = await q.query<{ owner_id: number }>`
    SELECT t.owner_id FROM shows s JOIN theaters t ON t.id = s.theater_id WHERE s.id = ${showId}`;
  return row?.owner_id ?? null;
}

/** The show if it is in one of `ownerId`'s theaters (null: any theater), else null. */
export async function findDoorShow(
  q: Queryable,
  { showId, ownerId }: { showId: number; ownerId: number | null },
): Promise<{ id: number; theater_id: number } | null> {
  const [row] = await q.query<{ id: number; theater_id: number }>`
    SELECT s.id, s.theater_id
      FROM shows s JOIN theaters t ON t.id = s.theater_id
     WHERE s.id = ${showId}
       AND (${ownerId}::bigint IS NULL OR t.owner_id = ${ownerId}::bigint)`;
  return row ?? null;
}

export interface CheckInShow {
  id: number;
  movie_name: string;
  theater_id: number;
  theater_name: string;
  date: string;
  start_time: string;
  end_time: string;
  starts_at: Date;
  ends_at: Date;
  opens_at: Date;
  /** Local 'HH:MM' of opens_at. */
  opens_time: string;
  sold: number;
  checked_in: number;
}

/** How many shows the day's list holds at most (an admin sees every theater's). */
export const DOOR_SHOWS_LIMIT = 200;

/**
 * The shows to check in today, of `ownerId`'s theaters (null: all): those whose local date
 * (time zone `tz`) is today, any still running from the day before, and any of the next day whose
 * check-in has opened; by start, then theater.
 * Each with its live and admitted tickets. One statement.
 */
export async function doorShows(
  q: Queryable,
  {
    ownerId,
    now,
    tz,
    earlyMinutes,
    showId = null,
  }: {
    ownerId: number | null;
    now: Date;
    tz: string;
    earlyMinutes: number;
    /** This show alone, whatever its day (a scanner's offline data). */
    showId?: number | null;
  },
): Promise<CheckInShow[]> {
  return await q.query<CheckInShow>`
    WITH day AS (
      SELECT ((${now}::timestamptz AT TIME ZONE ${tz})::date)::timestamp AT TIME ZONE ${tz}
               AS starts,
             ((${now}::timestamptz AT TIME ZONE ${tz})::date + 1)::timestamp AT TIME ZONE ${tz}
               AS ends
    )
    SELECT s.id, m.title AS movie_name, t.id AS theater_id, t.name AS theater_name,
           to_char(s.starts_at AT TIME ZONE ${tz}, 'YYYY-MM-DD') AS date,
           to_char(s.starts_at AT TIME ZONE ${tz}, 'HH24:MI') AS start_time,
           to_char(s.ends_at AT TIME ZONE ${tz}, 'HH24:MI') AS end_time,
           s.starts_at, s.ends_at,
           s.starts_at - make_interval(mins => ${earlyMinutes}::integer) AS opens_at,
           to_char((s.starts_at - make_interval(mins => ${earlyMinutes}::integer))
                     AT TIME ZONE ${tz}, 'HH24:MI') AS opens_time,
           coalesce(c.sold, 0)::integer AS sold, coalesce(c.checked_in, 0)::integer AS checked_in
      FROM day, shows s
      JOIN movies m ON m.id = s.movie_id
      JOIN theaters t ON t.id = s.theater_id
      LEFT JOIN LATERAL (
        SELECT count(*) AS sold, count(*) FILTER (WHERE b.checked_in_at IS NOT NULL) AS checked_in
          FROM bookings b
         WHERE b.show_id = s.id AND NOT b.is_cancelled
      ) c ON true
     WHERE (${ownerId}::bigint IS NULL OR t.owner_id = ${ownerId}::bigint)
       AND (s.id = ${showId}::bigint
            OR ${showId}::bigint IS NULL AND ((s.starts_at >= day.starts AND s.starts_at < day.ends)
            -- Running since yesterday: a show lasts at most 10 hours (movies.duration_minutes).
            OR (s.starts_at >= day.starts - interval '1 day' AND s.starts_at < day.starts
                AND s.ends_at > ${now}::timestamptz)
            -- Tomorrow's, its check-in open already (a midnight show, from 23:00).
            OR (s.starts_at >= day.ends
                AND s.starts_at <= ${now}::timestamptz + make_interval(mins => ${earlyMinutes}::integer))))
     ORDER BY s.starts_at, t.name, s.id
     LIMIT ${DOOR_SHOWS_LIMIT}`;
}
