import { ApiError } from '@cinema/api-client';
import type { CheckIn, DoorTicket } from './api/checkInTicket';
import type { ExitAnswer } from './api/exitTicket';
import { type OfflineRefusal, REFUSALS } from './offline/decide';

/**
 * What the door says about one scan: in, out, or not and why; `offline` when the device decided
 * alone (docs/decisions/0043-offline-first-door-scanner.md).
 */
export type Verdict =
  | { kind: 'admitted' | 'exited'; headline: string; detail: string | null; offline: boolean }
  | {
      kind: 'refused';
      headline: string;
      reason: string;
      detail: string | null;
      offline: boolean;
    };

/** 'The Long Night · Mon, 02 Mar 2026 · 15:30, PVR Phoenix' */
const aboutTicket = (ticket: DoorTicket) => `${ticket.show}, ${ticket.theater_name}`;

/** 'seat C7 · demo_customer'; door staff see the seat alone (user_name null). */
const whose = (ticket: DoorTicket) =>
  ticket.user_name
    ? `seat ${ticket.seat_label} · ${ticket.user_name}`
    : `seat ${ticket.seat_label}`;

/** '18:05' in the device's time zone, from an ISO instant. */
export function clockTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** The verdict on an admission; 'Admitted again' when the holder had stepped out. */
export function admitted(answer: CheckIn): Verdict {
  const again = (answer as { readmitted?: boolean }).readmitted === true;
  return {
    kind: 'admitted',
    headline: `${again ? 'Admitted again' : 'Admitted'}: ${whose(answer.ticket)}`,
    detail: aboutTicket(answer.ticket),
    offline: false,
  };
}

/** The verdict on a holder stepping out. */
export function exited(answer: ExitAnswer): Verdict {
  return {
    kind: 'exited',
    headline: `Left: ${whose(answer.ticket)}`,
    detail: `May come back in until the show ends. ${aboutTicket(answer.ticket)}`,
    offline: false,
  };
}

const FALLBACK = 'Check-in failed. Please try again.';

/**
 * The verdict on a refusal: the server's reason (already checked in at what time, cancelled,
 * another show or theater, too early, over, unknown code, a forged pass, a malformed code), with
 * the ticket's seat and holder when the server named them. A failure to reach the server is not
 * a verdict on the ticket, and says so.
 */
export function refused(error: unknown): Verdict {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
    return {
      kind: 'refused',
      headline: 'Not checked',
      reason: error instanceof ApiError && error.status === 0 ? error.message : FALLBACK,
      detail: 'The ticket was not checked. Scan it again.',
      offline: false,
    };
  }
  const ticket = (error.body as { ticket?: DoorTicket } | null)?.ticket;
  const reason = error.fields.code ?? (error.isGenericMessage ? FALLBACK : error.message);
  return {
    kind: 'refused',
    headline: ticket ? `Not admitted: ${whose(ticket)}` : 'Not admitted',
    reason,
    detail: ticket ? aboutTicket(ticket) : null,
    offline: false,
  };
}

/** The verdict of a scan the device let through alone: it is queued for the sync. */
export function decidedOffline(kind: 'entry' | 'exit', seatLabel: string): Verdict {
  return kind === 'entry'
    ? { kind: 'admitted', headline: `Admitted: seat ${seatLabel}`, detail: null, offline: true }
    : { kind: 'exited', headline: `Left: seat ${seatLabel}`, detail: null, offline: true };
}

/** The verdict of a scan the device refused alone. */
export function refusedOffline(
  refusal: OfflineRefusal | 'no_data' | 'not_stored',
  seatLabel: string | null = null,
  scannedHereAt: string | null = null,
): Verdict {
  let reason =
    refusal === 'no_data'
      ? 'This show’s tickets are not on this device yet, so it cannot check them offline.'
      : refusal === 'not_stored'
        ? 'This device could not store the scan. Scan it again, or check the ticket online.'
        : REFUSALS[refusal];
  if (refusal === 'already_checked_in' && scannedHereAt) {
    reason = `Already checked in at ${clockTime(scannedHereAt)}.`;
  }
  return {
    kind: 'refused',
    headline:
      refusal === 'not_stored'
        ? 'Not checked'
        : seatLabel
          ? `Not admitted: seat ${seatLabel}`
          : 'Not admitted',
    reason,
    detail: null,
    offline: true,
  };
}
