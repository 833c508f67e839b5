import { ApiError } from '@cinema/api-client';
import type { CheckIn, DoorTicket } from './api/checkInTicket';

/** What the door says about one scan: in, or not and why. */
export type Verdict =
  | { kind: 'admitted'; headline: string; detail: string }
  | { kind: 'refused'; headline: string; reason: string; detail: string | null };

/** 'The Long Night · Mon, 02 Mar 2026 · 15:30' */
const aboutTicket = (ticket: DoorTicket) => `${ticket.show}, ${ticket.theater_name}`;

/** 'seat C7 · demo_customer' */
const whose = (ticket: DoorTicket) => `seat ${ticket.seat_label} · ${ticket.user_name}`;

/** The verdict on an admission. */
export function admitted(answer: CheckIn): Verdict {
  return {
    kind: 'admitted',
    headline: `Admitted: ${whose(answer.ticket)}`,
    detail: aboutTicket(answer.ticket),
  };
}

const FALLBACK = 'Check-in failed. Please try again.';

/**
 * The verdict on a refusal: the server's reason (already checked in at what time, cancelled,
 * another show or theater, too early, over, unknown code, a malformed code), with the ticket's
 * seat and holder when the server named them. A failure to reach the server is not a verdict on
 * the ticket, and says so.
 */
export function refused(error: unknown): Verdict {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
    return {
      kind: 'refused',
      headline: 'Not checked',
      reason: error instanceof ApiError && error.status === 0 ? error.message : FALLBACK,
      detail: 'The ticket was not checked. Scan it again.',
    };
  }
  const ticket = (error.body as { ticket?: DoorTicket } | null)?.ticket;
  const reason = error.fields.code ?? (error.isGenericMessage ? FALLBACK : error.message);
  return {
    kind: 'refused',
    headline: ticket ? `Not admitted: ${whose(ticket)}` : 'Not admitted',
    reason,
    detail: ticket ? aboutTicket(ticket) : null,
  };
}
