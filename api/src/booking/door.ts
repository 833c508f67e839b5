// One door scan merged into its ticket's state (docs/decisions/0042-door-scans-merged-across-devices.md),
// for the online check-in, the exit and the offline sync alike. The caller has locked the ticket
// (door-sql.ts lockDoorTicket) and checked that it may scan it and that it is live. A scan later
// than every recorded one of the ticket (the usual case) is applied to the booking's state; one
// that arrives out of order (an offline device syncing late) replays all of them
// (door-merge.ts replay), so an admission found to be earlier takes the recorded one's place.
// Admissions and exits are audited like the online check-in; a change the owner's seat map shows
// (checked in, a duplicate) is recorded as a seat change, which reaches open seat streams.
import { recordAudit } from '../audit/sql.ts';
import type { Role } from '../auth/tokens.ts';
import type { Tx } from '../db/db.ts';
import {
  type DoorState,
  isInside,
  type MergedOutcome,
  type MergeVerdict,
  replay,
  type ScanKind,
  step,
} from './door-merge.ts';
import {
  insertScan,
  type LockedDoorTicket,
  mergedScansOf,
  type StoredScan,
  setDoorState,
  updateScanVerdict,
} from './door-sql.ts';
import { recordSeatChange } from './sql.ts';

export interface DoorScan {
  id: string;
  kind: ScanKind;
  deviceId: string | null;
  deviceName: string | null;
  /** The device's clock at the scan. */
  scannedAt: Date;
  offsetMs: number;
  correctedAt: Date;
  /** The server's clock now. */
  now: Date;
}

/**
 * A scan made online at this moment by the device the request names (if any): the server's clock
 * is the device's, nothing to correct.
 */
export function onlineScan(
  kind: ScanKind,
  device: { device_id?: string | null; device_name?: string | null },
  now: Date,
): DoorScan {
  const deviceId = device.device_id ?? null;
  return {
    id: crypto.randomUUID(),
    kind,
    deviceId,
    deviceName: deviceId ? (device.device_name ?? null) : null,
    scannedAt: now,
    offsetMs: 0,
    correctedAt: now,
    now,
  };
}

export interface DoorActor {
  id: number;
  role: Role;
}

/** Who scanned a ticket first, for a duplicate's answer. */
export interface FirstScan {
  device_id: string | null;
  device_name: string | null;
  at: Date;
}

export interface DoorVerdict {
  outcome: MergedOutcome;
  code: string | null;
  first: FirstScan | null;
  /** The ticket's state after the scan. */
  state: DoorState;
}

/**
 * Records and merges `scan` of the locked `ticket`. Null when a scan with this id is recorded
 * already (nothing written: the caller answers what was recorded).
 */
export async function mergeDoorScan(
  tx: Tx,
  ticket: LockedDoorTicket,
  scan: DoorScan,
  actor: DoorActor,
): Promise<DoorVerdict | null> {
  const scans = await mergedScansOf(tx, ticket.id);
  const last = scans.at(-1);
  const inOrder = !last || scan.correctedAt.getTime() >= last.corrected_at.getTime();
  const before: DoorState = {
    checked_in_at: ticket.checked_in_at,
    left_at: ticket.left_at,
    duplicate_scans: ticket.duplicate_scans,
    admitted_by: isInside(ticket) ? lastAdmission(scans) : null,
  };
  const row = (verdict: MergeVerdict) => ({
    id: scan.id,
    bookingId: ticket.id,
    showId: ticket.show_id,
    kind: scan.kind,
    deviceId: scan.deviceId,
    deviceName: scan.deviceName,
    scannedAt: scan.scannedAt,
    offsetMs: scan.offsetMs,
    correctedAt: scan.correctedAt,
    syncedAt: scan.now,
    userId: actor.id,
    outcome: verdict.outcome,
    code: verdict.code,
    merged: true,
    firstScanId: verdict.first_scan_id,
  });

  let after: DoorState;
  let verdict: MergeVerdict;
  // Earlier scans whose verdict the replay changed to an admission or an exit (audited below).
  const changed: StoredScan[] = [];
  if (inOrder) {
    const next = step(before, {
      id: scan.id,
      kind: scan.kind,
      corrected_at: scan.correctedAt,
      seq: Number.MAX_SAFE_INTEGER,
    });
    if (!(await insertScan(tx, row(next.verdict)))) return null;
    after = next.state;
    verdict = next.verdict;
  } else {
    const provisional: MergeVerdict = {
      outcome: 'refused',
      code: 'not_checked_in',
      first_scan_id: null,
    };
    const inserted = await insertScan(tx, row(provisional));
    if (!inserted) return null;
    const all = [
      ...scans,
      { id: scan.id, kind: scan.kind, corrected_at: scan.correctedAt, seq: inserted.seq },
    ];
    const replayed = replay(all);
    after = replayed.state;
    verdict = replayed.verdicts.get(scan.id) ?? provisional;
    if (verdict !== provisional) await updateScanVerdict(tx, { id: scan.id, ...camel(verdict) });
    for (const old of scans) {
      const v = replayed.verdicts.get(old.id);
      if (
        !v ||
        (v.outcome === old.outcome && v.code === old.code && v.first_scan_id === old.first_scan_id)
      ) {
        continue;
      }
      await updateScanVerdict(tx, { id: old.id, ...camel(v) });
      if (v.outcome !== old.outcome && v.outcome !== 'duplicate' && v.outcome !== 'refused') {
        changed.push({ ...old, outcome: v.outcome });
      }
    }
  }

  if (
    after.checked_in_at?.getTime() !== before.checked_in_at?.getTime() ||
    after.left_at?.getTime() !== before.left_at?.getTime() ||
    after.duplicate_scans !== before.duplicate_scans
  ) {
    await setDoorState(tx, ticket.id, after);
  }
  // The owner's map shows whether the seat was checked in and whether it had a duplicate.
  if (
    (after.checked_in_at === null) !== (before.checked_in_at === null) ||
    after.duplicate_scans > 0 !== before.duplicate_scans > 0
  ) {
    await recordSeatChange(tx, {
      showId: ticket.show_id,
      seatIds: [ticket.seat_id],
      now: scan.now,
    });
  }

  const audited = [
    { ...scan, outcome: verdict.outcome },
    ...changed.map((s) => ({
      id: s.id,
      deviceId: s.device_id,
      deviceName: s.device_name,
      outcome: s.outcome,
    })),
  ];
  for (const a of audited) {
    if (a.outcome === 'duplicate' || a.outcome === 'refused') continue;
    // Who admitted or let out whom at the door; never the ticket's code.
    await recordAudit(tx, {
      at: scan.now,
      actorId: actor.id,
      action: a.outcome === 'exited' ? 'ticket.exited' : 'ticket.checked_in',
      entity: { kind: 'booking', id: ticket.id },
      details: {
        show_id: ticket.show_id,
        seat_id: ticket.seat_id,
        role: actor.role,
        ...(a.outcome === 'readmitted' ? { readmitted: true } : {}),
        // The scan (a device's, or one a replay turned into the admission), to find it again.
        ...(a.deviceId ? { device_id: a.deviceId, device_name: a.deviceName } : {}),
        ...(a.deviceId || a.id !== scan.id ? { scan_id: a.id } : {}),
      },
    });
  }

  let first: FirstScan | null = null;
  if (verdict.outcome === 'duplicate') {
    const by = scans.find((s) => s.id === verdict.first_scan_id);
    first = by
      ? { device_id: by.device_id, device_name: by.device_name, at: by.corrected_at }
      : { device_id: null, device_name: null, at: after.checked_in_at ?? scan.correctedAt };
  }
  return { outcome: verdict.outcome, code: verdict.code, first, state: after };
}

function camel(v: MergeVerdict) {
  return { outcome: v.outcome, code: v.code, firstScanId: v.first_scan_id };
}

/** The scan that let the holder in last, among recorded scans in merge order. */
function lastAdmission(scans: StoredScan[]): string | null {
  for (let i = scans.length - 1; i >= 0; i--) {
    const s = scans[i];
    if (s && (s.outcome === 'admitted' || s.outcome === 'readmitted')) return s.id;
  }
  return null;
}
