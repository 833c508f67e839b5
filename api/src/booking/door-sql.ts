// The SQL of door scans (db/migrations/0029_check_in_scans.sql): the ticket locked for a merge,
// its scans, the scans' verdicts and the booking's merged state. Used by door.ts only.
import type { Queryable } from '../db/db.ts';
import type { DoorState, MergedOutcome, MergeScan, ScanKind } from './door-merge.ts';

/** A ticket as a merge needs it, its booking row locked until the transaction ends. */
export interface LockedDoorTicket {
  id: number;
  show_id: number;
  seat_id: number;
  seat_label: string;
  is_cancelled: boolean;
  checked_in_at: Date | null;
  left_at: Date | null;
  duplicate_scans: number;
  theater_id: number;
  owner_id: number;
  starts_at: Date;
  ends_at: Date;
}

/**
 * The ticket with this code (a canonical UUID), its booking row locked FOR UPDATE: every scan of
 * one ticket, online or synced, from any device, is merged one at a time.
 */
export async function lockDoorTicket(q: Queryable, code: string): Promise<LockedDoorTicket | null> {
  const [row] = await q.query<LockedDoorTicket>`
    SELECT b.id, b.show_id, b.seat_id, se.row_label || se.col AS seat_label, b.is_cancelled,
           b.checked_in_at, b.left_at, b.duplicate_scans, s.theater_id, t.owner_id,
           s.starts_at, s.ends_at
      FROM bookings b
      JOIN seats se ON se.id = b.seat_id
      JOIN shows s ON s.id = b.show_id
      JOIN theaters t ON t.id = s.theater_id
     WHERE b.code = ${code}::uuid
       FOR UPDATE OF b`;
  return row ?? null;
}

/** A recorded scan as a merge replays it, with what a duplicate's answer tells of it. */
export interface StoredScan extends MergeScan {
  outcome: MergedOutcome;
  code: string | null;
  first_scan_id: string | null;
  device_id: string | null;
  device_name: string | null;
}

/** The ticket's scans that take part in its merge. */
export async function mergedScansOf(q: Queryable, bookingId: number): Promise<StoredScan[]> {
  return await q.query<StoredScan>`
    SELECT id, kind, corrected_at, seq::integer AS seq, outcome, code, first_scan_id,
           device_id, device_name
      FROM check_in_scans
     WHERE booking_id = ${bookingId} AND merged
     ORDER BY corrected_at, seq`;
}

export interface NewScan {
  id: string;
  bookingId: number | null;
  showId: number;
  kind: ScanKind;
  deviceId: string | null;
  deviceName: string | null;
  scannedAt: Date;
  offsetMs: number;
  correctedAt: Date;
  syncedAt: Date;
  userId: number;
  outcome: MergedOutcome;
  code: string | null;
  merged: boolean;
  firstScanId: string | null;
}

/**
 * Records a scan; false when its id is recorded already (a retry, or a racing copy of it: the
 * caller answers what was recorded).
 */
export async function insertScan(q: Queryable, s: NewScan): Promise<{ seq: number } | null> {
  const [row] = await q.query<{ seq: number }>`
    INSERT INTO check_in_scans (id, booking_id, show_id, kind, device_id, device_name, scanned_at,
                                offset_ms, corrected_at, synced_at, user_id, outcome, code,
                                merged, first_scan_id)
    VALUES (${s.id}::uuid, ${s.bookingId}, ${s.showId}, ${s.kind}, ${s.deviceId}::uuid,
            ${s.deviceName}, ${s.scannedAt}, ${s.offsetMs}, ${s.correctedAt}, ${s.syncedAt},
            ${s.userId}, ${s.outcome}, ${s.code}, ${s.merged}, ${s.firstScanId}::uuid)
    ON CONFLICT (id) DO NOTHING
    RETURNING seq::integer AS seq`;
  return row ?? null;
}

/** A replay's new verdict of an earlier scan. */
export async function updateScanVerdict(
  q: Queryable,
  v: { id: string; outcome: MergedOutcome; code: string | null; firstScanId: string | null },
): Promise<void> {
  await q.query`
    UPDATE check_in_scans
       SET outcome = ${v.outcome}, code = ${v.code}, first_scan_id = ${v.firstScanId}::uuid
     WHERE id = ${v.id}::uuid`;
}

/** The booking's merged state (its row is locked by lockDoorTicket). */
export async function setDoorState(q: Queryable, bookingId: number, s: DoorState): Promise<void> {
  await q.query`
    UPDATE bookings
       SET checked_in_at = ${s.checked_in_at}, left_at = ${s.left_at},
           duplicate_scans = ${s.duplicate_scans}
     WHERE id = ${bookingId}`;
}

/** What a scan's answer says, as recorded: for a retried sync. */
export interface RecordedScan {
  id: string;
  show_id: number;
  owner_id: number;
  device_id: string | null;
  outcome: MergedOutcome;
  code: string | null;
  seat_label: string | null;
  first: { device_id: string | null; device_name: string | null; at: Date } | null;
}

/** The recorded scans with these ids. */
export async function recordedScans(q: Queryable, ids: string[]): Promise<RecordedScan[]> {
  return await q.query<RecordedScan>`
    SELECT c.id, c.show_id, t.owner_id, c.device_id, c.outcome, c.code,
           se.row_label || se.col AS seat_label,
           CASE WHEN c.outcome = 'duplicate' THEN
             json_build_object('device_id', f.device_id, 'device_name', f.device_name,
                               'at', coalesce(f.corrected_at, b.checked_in_at))
           END AS first
      FROM check_in_scans c
      JOIN shows s ON s.id = c.show_id
      JOIN theaters t ON t.id = s.theater_id
      LEFT JOIN bookings b ON b.id = c.booking_id
      LEFT JOIN seats se ON se.id = b.seat_id
      LEFT JOIN check_in_scans f ON f.id = c.first_scan_id
     WHERE c.id = ANY (${ids}::uuid[])`;
}
