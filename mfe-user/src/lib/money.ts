import { SEAT_PRICE } from '@cinema/contract';

// The seat price is the API's too (docs/spec-notes.md, "Constants"): one copy, in the contract.
export { SEAT_PRICE };

/** What `seatCount` seats cost, in whole rupees. */
export function seatsTotal(seatCount: number): number {
  return seatCount * SEAT_PRICE;
}
