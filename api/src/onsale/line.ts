// A customer's place in a high-demand show's waiting line, as GET and POST onsale/{id}/line/
// answer it: where they stand, an estimated wait, and their admission token once admitted.
// docs/decisions/0031-on-sale-waiting-room.md.
import type { Config } from '../config.ts';
import { signAdmissionToken } from './admission-token.ts';
import type { LineSnapshot } from './places.ts';
import {
  FAR_BACK_POLL_SECONDS,
  LINE_EARLY_MINUTES,
  NEAR_FRONT_POLL_SECONDS,
  PACE_MINUTES,
  POLL_SECONDS,
  SOLD_OUT_POLL_SECONDS,
} from './rules.ts';
import type { LineRow, SaleSettings } from './sql.ts';

export type PlaceStatus = 'waiting' | 'admitted' | 'expired' | 'left';

export interface LinePlace {
  show_id: number;
  status: PlaceStatus;
  /** 1 for the next to be admitted; null unless waiting. */
  place: number | null;
  /** Seconds until the place is likely admitted; null when the line's pace is not known yet. */
  estimated_wait_seconds: number | null;
  sales_open_at: Date | null;
  admitted_until: Date | null;
  /** While admitted: present it to POST holds/ (admission_token) until admitted_until. */
  admission_token: string | null;
  /** When to ask again (the page polls): sooner near the front of the line (pollAfter). */
  poll_after_seconds: number;
  /** Every seat is booked (none free, no hold pending): the line admits nobody more; the page
   * offers the waitlist instead of polling. */
  sold_out: boolean;
  /** The server's time, so a countdown does not trust the device's clock. */
  now: Date;
}

/** When joining opens: LINE_EARLY_MINUTES before sales open (at once without an opening time). */
export function lineOpensAt(show: Pick<SaleSettings, 'sales_open_at'>): Date | null {
  if (!show.sales_open_at) return null;
  return new Date(show.sales_open_at.getTime() - LINE_EARLY_MINUTES * 60_000);
}

/**
 * The wait of a place with `ahead` places before it: the time to the opening, plus `ahead` at the
 * pace measured over the last PACE_MINUTES; before any admission, at one batch (free seats plus
 * the margin, i.e. `capacity`) per admission period. Null when neither is known.
 */
export function estimateWait(
  ahead: number,
  pace: { recentAdmissions: number; capacity: number; admissionMinutes: number },
  untilOpenSeconds: number,
): number | null {
  const perSecond =
    pace.recentAdmissions > 0
      ? pace.recentAdmissions / (PACE_MINUTES * 60)
      : pace.capacity / (pace.admissionMinutes * 60);
  if (ahead === 0) return Math.max(0, Math.ceil(untilOpenSeconds));
  if (!(perSecond > 0)) return null;
  return Math.max(0, Math.ceil(untilOpenSeconds)) + Math.ceil(ahead / perSecond);
}

/**
 * When a page should ask again: sold out, rarely (the page stops); near the front (within one
 * batch: the show's seats plus the admission margin) every NEAR_FRONT_POLL_SECONDS, and before
 * the opening at the opening at the latest, so the first admitted learn it within a second;
 * within the next batch every POLL_SECONDS (turns free up faster than the estimate's full
 * admission periods when admitted fans buy or give up quickly); further back about ten times
 * over the estimated wait, between POLL_SECONDS and FAR_BACK_POLL_SECONDS.
 */
export function pollAfter(
  line: {
    waiting: boolean;
    place: number | null;
    soldOut: boolean;
    capacity: number;
    estimatedWait: number | null;
  },
  untilOpenSeconds: number,
): number {
  if (line.soldOut) return SOLD_OUT_POLL_SECONDS;
  if (!line.waiting || line.place === null) return POLL_SECONDS;
  if (line.place > 2 * line.capacity) {
    const tenth = Math.ceil((line.estimatedWait ?? 0) / 10);
    return Math.min(FAR_BACK_POLL_SECONDS, Math.max(POLL_SECONDS, tenth));
  }
  if (line.place > line.capacity) return POLL_SECONDS;
  if (untilOpenSeconds > NEAR_FRONT_POLL_SECONDS) {
    return Math.min(POLL_SECONDS, Math.ceil(untilOpenSeconds));
  }
  return NEAR_FRONT_POLL_SECONDS;
}

export async function describePlace(
  config: Pick<Config, 'jwtSecret' | 'onsaleAdmissionMinutes' | 'onsaleAdmitMargin'>,
  show: SaleSettings,
  userId: number,
  row: LineRow,
  line: { ahead: number; snapshot: LineSnapshot },
  now: Date,
): Promise<LinePlace> {
  const admitted = row.admitted_until !== null;
  const status: PlaceStatus =
    row.left_at !== null
      ? 'left'
      : !admitted
        ? 'waiting'
        : (row.admitted_until as Date) > now
          ? 'admitted'
          : 'expired';
  const untilOpen = show.sales_open_at ? (show.sales_open_at.getTime() - now.getTime()) / 1000 : 0;
  const waiting = status === 'waiting';
  const capacity = show.total_seats + config.onsaleAdmitMargin;
  const place = waiting ? line.ahead + 1 : null;
  const soldOut = line.snapshot.soldOut;
  const estimatedWait = waiting
    ? estimateWait(
        line.ahead,
        {
          recentAdmissions: line.snapshot.recentAdmissions,
          capacity,
          admissionMinutes: config.onsaleAdmissionMinutes,
        },
        untilOpen,
      )
    : null;
  return {
    show_id: show.id,
    status,
    place,
    estimated_wait_seconds: estimatedWait,
    sales_open_at: show.sales_open_at,
    admitted_until: row.admitted_until,
    admission_token:
      status === 'admitted'
        ? await signAdmissionToken(
            config,
            { userId, showId: show.id, until: row.admitted_until as Date },
            now,
          )
        : null,
    poll_after_seconds: pollAfter({ waiting, place, soldOut, capacity, estimatedWait }, untilOpen),
    sold_out: soldOut,
    now,
  };
}
