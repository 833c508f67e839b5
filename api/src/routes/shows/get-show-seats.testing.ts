// A seat as GET /api/shows/:id/seats lists it, and the list keyed by label, for the tests of it.
export interface Seat {
  id: number;
  row: string;
  column: number;
  label: string;
  row_pos: number;
  x: number;
  kind: 'seat' | 'wheelchair' | 'companion' | 'blocked';
  category: string;
  price: number;
  partner_x: number | null;
  status: string;
  is_booked: boolean;
  booked_by: string | null;
}

export const byLabel = (seats: Seat[]) => Object.fromEntries(seats.map((s) => [s.label, s]));
