import { SeatLayoutPage } from '../../features/seat-layout/SeatLayoutPage';
import { SaleGate } from '../../features/waiting-room/SaleGate';

/**
 * /user/seat-layout: the seat map behind the show's sale, its countdown and, on a high-demand
 * show, its waiting line (docs/decisions/0031-on-sale-waiting-room.md). The two features meet
 * here, never in each other.
 */
export function SeatLayoutRoute() {
  return (
    <SeatLayoutPage gate={(showId, picker) => <SaleGate showId={showId}>{picker}</SaleGate>} />
  );
}
