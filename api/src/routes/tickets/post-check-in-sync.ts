// POST /api/tickets/check-in/sync/ (the owner, their door staff, an admin; scope as check-in): a
// scanner's batch of scans made offline (or queued while the network was slow), merged with
// every other device's (docs/decisions/0042-door-scans-merged-across-devices.md). The device's
// clock is corrected by offset = server time - sent_at; each scan's corrected time orders it
// among the ticket's scans (booking/door.ts), under the ticket's row lock, so racing syncs of
// one ticket from two devices record one admission and one duplicate. A scan id recorded
// already answers what was recorded and writes nothing (a retry). Refused, and recorded so: an
// unknown code or another scope's ticket (ticket_not_found), a forged pass (forged_ticket), a
// cancelled ticket, a ticket of another show (wrong_show, wrong_theater), an exit of a holder
// not inside (not_checked_in), a scan time that cannot be (validation_error). A clock more than
// 80 years off (year 0, far future) is a 400.
import { bodyLimit } from 'hono/body-limit';
import { type DoorVerdict, mergeDoorScan } from '../../booking/door.ts';
import { insertScan, lockDoorTicket, recordedScans } from '../../booking/door-sql.ts';
import type { Db } from '../../db/db.ts';
import { transactionWithRetry } from '../../db/retry.ts';
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { ApiError, validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { consume, throwIfBlocked } from '../../http/rate-limit.ts';
import { DOOR_ROLES, scannedCode, scopeOf } from './door.ts';
import { type CheckInCounts, checkInCounts, findDoorShow } from './sql.ts';
import {
  MAX_CLOCK_OFFSET_MS,
  postCheckInSyncSchema,
  SYNC_BODY_MAX_BYTES,
  SyncAnswerSchema,
} from './sync-schemas.ts';

/** How long before it is sent a scan may have been made (a device offline for days). */
const MAX_SCAN_AGE_MS = 7 * 24 * 60 * 60_000;
/** A scan made after the sync was sent: only the device clock's jitter. */
const MAX_SCAN_AHEAD_MS = 60_000;
export const CLOCK_TOO_FAR = 'The device clock is too far off: set its date and time.';
/**
 * Syncs an account may send a minute: a scanner syncs once a minute and when it comes back
 * online, so this is many doors' worth; it bounds the rows one account can add (500 a sync).
 */
export const SYNCS_PER_MINUTE = 60;
export const TOO_MANY_SYNCS = 'Too many syncs. Please try again in {minutes}.';

interface Result {
  id: string;
  outcome: DoorVerdict['outcome'];
  code?: string;
  seat_label?: string;
  first?: { device_id: string | null; device_name: string | null; at: string };
}

export const postCheckInSync = factory.createHandlers(
  describe({
    summary: 'Sync a scanner’s scans (offline check-in), merged across devices',
    tags: ['tickets'],
    auth: true,
    answers: { 200: answer('Each scan’s outcome and the shows’ counts', SyncAnswerSchema) },
    errors: ['permission_denied', 'payload_too_large', 'too_many_requests'],
  }),
  bodyLimit({
    maxSize: SYNC_BODY_MAX_BYTES,
    onError: () => {
      throw new ApiError(413, 'Request body is too large', 'payload_too_large', {
        limit_bytes: SYNC_BODY_MAX_BYTES,
      });
    },
  }),
  requireRole(...DOOR_ROLES),
  validate('json', postCheckInSyncSchema),
  async (c) => {
    const { db, clock, user } = c.var;
    const body = c.req.valid('json');
    const now = clock();
    const scope = scopeOf(user);
    throwIfBlocked(
      await consume(
        db,
        [
          {
            key: `door-sync:${user.id}`,
            max: SYNCS_PER_MINUTE,
            windowSeconds: 60,
            message: TOO_MANY_SYNCS,
          },
        ],
        now,
      ),
    );
    const offsetMs = now.getTime() - body.sent_at.getTime();
    if (Math.abs(offsetMs) > MAX_CLOCK_OFFSET_MS) {
      throw new ApiError(400, CLOCK_TOO_FAR, 'validation_error', {
        fields: { sent_at: CLOCK_TOO_FAR },
      });
    }
    const device = { id: body.device_id, name: body.device_name };
    const recorded = new Map(
      (
        await recordedScans(
          db,
          body.scans.map((s) => s.id),
        )
      ).map((r) => [r.id, r]),
    );
    const shows = new Map<number, { id: number; theater_id: number } | null>();
    const showOf = async (showId: number) => {
      if (!shows.has(showId)) shows.set(showId, await findDoorShow(db, { showId, ownerId: scope }));
      return shows.get(showId) ?? null;
    };

    const results: Result[] = [];
    for (const scan of body.scans) {
      const known = recorded.get(scan.id);
      if (known) {
        // A retry answers what was recorded; another device's id (or another scope's) is not told.
        const mine = known.device_id === device.id && (scope === null || known.owner_id === scope);
        results.push(
          mine ? resultOf(known) : { id: scan.id, outcome: 'refused', code: 'conflict' },
        );
        continue;
      }
      const show = await showOf(scan.show_id);
      if (!show) {
        results.push({ id: scan.id, outcome: 'refused', code: 'show_not_found' });
        continue;
      }
      const age = body.sent_at.getTime() - scan.scanned_at.getTime();
      // A corrected time is never later than the server's now (a scan cannot be in the future).
      const correctedAt = new Date(Math.min(scan.scanned_at.getTime() + offsetMs, now.getTime()));
      const base = {
        id: scan.id,
        kind: scan.kind,
        deviceId: device.id,
        deviceName: device.name,
        scannedAt: scan.scanned_at,
        offsetMs,
        correctedAt,
        now,
      };
      const refuse = async (code: string, bookingId: number | null = null, seatLabel?: string) => {
        const row = { ...base, bookingId, showId: show.id, syncedAt: now, userId: user.id };
        const inserted = await insertScan(db, {
          ...row,
          outcome: 'refused',
          code,
          merged: false,
          firstScanId: null,
        });
        const refused: Result = { id: scan.id, outcome: 'refused', code };
        if (seatLabel) refused.seat_label = seatLabel;
        return inserted ? refused : ((await recordedResult(db, scan.id)) ?? refused);
      };
      if (age > MAX_SCAN_AGE_MS || age < -MAX_SCAN_AHEAD_MS) {
        results.push(await refuse('validation_error'));
        continue;
      }
      const scanned = await scannedCode(db, scan.text, scope);
      if (!scanned.ok) {
        results.push(await refuse(scanned.code));
        continue;
      }
      const answer = await transactionWithRetry(db, async (tx): Promise<Result | null> => {
        const ticket = await lockDoorTicket(tx, scanned.code);
        if (!ticket || (scope !== null && ticket.owner_id !== scope)) return null;
        const refusal =
          ticket.show_id !== show.id
            ? ticket.theater_id !== show.theater_id
              ? 'wrong_theater'
              : 'wrong_show'
            : ticket.is_cancelled
              ? 'ticket_cancelled'
              : null;
        if (refusal) {
          const inserted = await insertScan(tx, {
            ...base,
            bookingId: ticket.id,
            showId: show.id,
            syncedAt: now,
            userId: user.id,
            outcome: 'refused',
            code: refusal,
            merged: false,
            firstScanId: null,
          });
          if (!inserted) return null;
          return { id: scan.id, outcome: 'refused', code: refusal, seat_label: ticket.seat_label };
        }
        const verdict = await mergeDoorScan(tx, ticket, base, user);
        if (!verdict) return null;
        return {
          id: scan.id,
          outcome: verdict.outcome,
          ...(verdict.code ? { code: verdict.code } : {}),
          seat_label: ticket.seat_label,
          ...(verdict.first
            ? { first: { ...verdict.first, at: verdict.first.at.toISOString() } }
            : {}),
        };
      });
      // Null: no ticket the caller may scan, or the same id recorded meanwhile (a racing retry).
      results.push(
        answer ?? (await recordedResult(db, scan.id)) ?? (await refuse('ticket_not_found')),
      );
    }

    const counts: CheckInCounts[] = [];
    for (const [showId, show] of shows) {
      if (show) counts.push(await checkInCounts(db, showId));
    }
    return c.json({ server_time: now, offset_ms: offsetMs, results, counts }, 200);
  },
);

type Recorded = Awaited<ReturnType<typeof recordedScans>>[number];

function resultOf(r: Recorded): Result {
  return {
    id: r.id,
    outcome: r.outcome,
    ...(r.code ? { code: r.code } : {}),
    ...(r.seat_label ? { seat_label: r.seat_label } : {}),
    ...(r.first ? { first: { ...r.first, at: new Date(r.first.at).toISOString() } } : {}),
  };
}

async function recordedResult(db: Db, id: string): Promise<Result | null> {
  const [r] = await recordedScans(db, [id]);
  return r ? resultOf(r) : null;
}
