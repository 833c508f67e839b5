import type { Ticket } from '@cinema/api-client';

/** 'Row A, Seat 5' */
export function seatText(seat: Ticket['seat']): string {
  return `Row ${seat.row}, Seat ${seat.column}`;
}
