// The seat maps' live feed (docs/decisions/0014-live-seat-map-on-postgresql.md), read the same way
// by the customer's and the owner's map.
import type { SeatChange } from './apiTypes';
import { type EventStream, openEventStream, type StreamEvent } from './eventStream';

/** What the seat event stream of a show says, as the seat map needs it. */
export type SeatEvent =
  /** The stream is up; changes from now on will come. */
  | { type: 'ready' }
  /** Changes were missed (or could not be read): the map must be read again. */
  | { type: 'reload' }
  /** Seats changed (holds placed, released or lapsed, bookings, cancellations). */
  | { type: 'seats'; seats: SeatChange[] };

const STATUSES = new Set(['available', 'held', 'booked']);

function isSeatChange(value: unknown): value is SeatChange {
  if (typeof value !== 'object' || value === null) return false;
  const { id, status, booked_by } = value as Record<string, unknown>;
  return (
    typeof id === 'number' &&
    typeof status === 'string' &&
    STATUSES.has(status) &&
    (booked_by === null || booked_by === undefined || typeof booked_by === 'string')
  );
}

/** The event the stream sent, or null for one the map does not use (e.g. `bye`). */
export function readSeatEvent(event: StreamEvent): SeatEvent | null {
  switch (event.type) {
    case 'ready':
      return { type: 'ready' };
    case 'reload':
      return { type: 'reload' };
    case 'seats': {
      let body: unknown;
      try {
        body = JSON.parse(event.data);
      } catch {
        return { type: 'reload' };
      }
      const seats = (body as { seats?: unknown } | null)?.seats;
      // A change the map cannot read is a change it has missed.
      if (!Array.isArray(seats) || !seats.every(isSeatChange)) return { type: 'reload' };
      return {
        type: 'seats',
        seats: seats.map(({ id, status, booked_by, checked_in, duplicate }) => ({
          id,
          status,
          booked_by: booked_by ?? null,
          checked_in: checked_in === true,
          // Owners' maps only, and only when true: the ticket was shown twice at the door.
          ...(duplicate === true ? { duplicate: true } : {}),
        })),
      };
    }
    default:
      return null;
  }
}

export interface SeatEventHandlers {
  onEvent: (event: SeatEvent) => void;
  /** The stream is up (again). */
  onOpen: () => void;
  /** The stream is down; it tries again by itself unless it has given up. */
  onDown: () => void;
}

/**
 * GET shows/{id}/seats/events/: every change to the show's seats as Server-Sent Events (with the
 * booker's name and check-in for an admin or the theater's owner, never for customers), resumed
 * after the last one seen when the connection comes back (as `?last_event_id=`, which the API
 * reads like the `Last-Event-ID` header).
 */
export function openSeatEvents(showId: number, handlers: SeatEventHandlers): EventStream {
  return openEventStream(`shows/${showId}/seats/events/`, {
    lastEventIdParam: 'last_event_id',
    onOpen: handlers.onOpen,
    onError: handlers.onDown,
    onEvent: (event) => {
      const seatEvent = readSeatEvent(event);
      if (seatEvent) handlers.onEvent(seatEvent);
    },
  });
}
