/** SPEC 9: every seat costs 100 rupees; the total is seats x 100. */
export const SEAT_PRICE = 100;

export function seatsTotal(seatCount: number): number {
  return seatCount * SEAT_PRICE;
}
