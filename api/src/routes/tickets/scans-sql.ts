// Reads of a show's door scans (db/migrations/0029_check_in_scans.sql): the tickets a scanner
// keeps offline, and the scans summary per device with the duplicates.
import type { Queryable } from '../../db/db.ts';

export interface OfflineTicketRow {
  code: string;
  seat_label: string;
  is_cancelled: boolean;
  inside: boolean;
}

/** Every ticket of the show, cancelled ones too (a scanner refuses those offline). */
export async function offlineTickets(q: Queryable, showId: number): Promise<OfflineTicketRow[]> {
  return await q.query<OfflineTicketRow>`
    SELECT b.code::text AS code, se.row_label || se.col AS seat_label, b.is_cancelled,
           b.checked_in_at IS NOT NULL AND b.left_at IS NULL AS inside
      FROM bookings b
      JOIN seats se ON se.id = b.seat_id
     WHERE b.show_id = ${showId}
     ORDER BY b.id`;
}

export interface ScanCounts {
  show_id: number;
  checked_in: number;
  sold: number;
  inside: number;
}

export async function scanCounts(q: Queryable, showId: number): Promise<ScanCounts> {
  const [row] = await q.query<ScanCounts>`
    SELECT ${showId}::bigint AS show_id,
           count(*) FILTER (WHERE checked_in_at IS NOT NULL)::integer AS checked_in,
           count(*)::integer AS sold,
           count(*) FILTER (WHERE checked_in_at IS NOT NULL AND left_at IS NULL)::integer AS inside
      FROM bookings
     WHERE show_id = ${showId} AND NOT is_cancelled`;
  return row ?? { show_id: showId, checked_in: 0, sold: 0, inside: 0 };
}

export interface DeviceCounts {
  device_id: string;
  device_name: string;
  admitted: number;
  duplicates: number;
  last_scan_at: Date;
}

/** Per device that scanned the show: its admissions, its duplicates, its last scan. */
export async function deviceCounts(q: Queryable, showId: number): Promise<DeviceCounts[]> {
  return await q.query<DeviceCounts>`
    SELECT device_id::text AS device_id,
           (array_agg(device_name ORDER BY synced_at DESC, seq DESC))[1] AS device_name,
           count(*) FILTER (WHERE outcome IN ('admitted', 'readmitted'))::integer AS admitted,
           count(*) FILTER (WHERE outcome = 'duplicate')::integer AS duplicates,
           max(corrected_at) AS last_scan_at
      FROM check_in_scans
     WHERE show_id = ${showId} AND device_id IS NOT NULL
     GROUP BY device_id
     ORDER BY min(corrected_at), device_id`;
}

export interface ScanSide {
  device_id: string | null;
  device_name: string | null;
  at: Date;
}

/** How many duplicates the summary lists at most (the newest). */
export const DUPLICATES_LISTED = 500;

/** The show's duplicates: the seat, the admission and the scan again, oldest first. */
export async function showDuplicates(
  q: Queryable,
  showId: number,
): Promise<{ seat_label: string; first: ScanSide; again: ScanSide }[]> {
  const rows = await q.query<{ seat_label: string; first: ScanSide; again: ScanSide }>`
    SELECT * FROM (
      SELECT se.row_label || se.col AS seat_label,
             json_build_object('device_id', f.device_id, 'device_name', f.device_name,
                               'at', coalesce(f.corrected_at, b.checked_in_at)) AS first,
             json_build_object('device_id', c.device_id, 'device_name', c.device_name,
                               'at', c.corrected_at) AS again,
             c.corrected_at, c.seq
        FROM check_in_scans c
        JOIN bookings b ON b.id = c.booking_id
        JOIN seats se ON se.id = b.seat_id
        LEFT JOIN check_in_scans f ON f.id = c.first_scan_id
       WHERE c.show_id = ${showId} AND c.outcome = 'duplicate'
       ORDER BY c.corrected_at DESC, c.seq DESC
       LIMIT ${DUPLICATES_LISTED}) d
     ORDER BY d.corrected_at, d.seq`;
  // json_build_object writes times as PostgreSQL text: ISO 8601 for the answer.
  const side = (s: ScanSide): ScanSide => ({ ...s, at: new Date(s.at) });
  return rows.map((r) => ({
    seat_label: r.seat_label,
    first: side(r.first),
    again: side(r.again),
  }));
}
