import { Skeleton } from '@cinema/ui';
import { type ReactNode, useMemo } from 'react';
import { useSale } from './api/getSale';
import { SalesCountdown } from './SalesCountdown';
import { serverClock } from './time';
import { WaitingRoom } from './WaitingRoom';
import { WaitlistPanel } from './WaitlistPanel';

export interface SaleGateProps {
  showId: number;
  /** The seat picker, given the admission token it must send with holds (null: none needed). */
  children: (admissionToken: string | null) => ReactNode;
}

/**
 * What stands between a customer and a show's seat map (docs/decisions/0031-on-sale-waiting-room.md):
 * before the sales open a countdown; on a high-demand show the waiting line; then the map. If the
 * sale cannot be read the map shows as before: the API refuses holds it should not take anyway.
 */
export function SaleGate({ showId, children }: SaleGateProps) {
  const sale = useSale(showId);
  const now = useMemo(
    () => (sale.data ? serverClock(sale.data.now, sale.dataUpdatedAt) : Date.now),
    [sale.data, sale.dataUpdatedAt],
  );
  if (sale.isPending) return <Skeleton lines={4} label="Loading the sale..." />;
  if (!sale.data) return children(null);
  const refresh = () => void sale.refetch();
  if (sale.data.high_demand) {
    return (
      <WaitingRoom showId={showId} sale={sale.data} now={now} onSaleChange={refresh}>
        {children}
      </WaitingRoom>
    );
  }
  if (
    sale.data.sales_open_at &&
    !sale.data.sales_open &&
    Date.parse(sale.data.sales_open_at) > now()
  ) {
    return <SalesCountdown sale={sale.data} now={now} onOpen={refresh} />;
  }
  return (
    <>
      {children(null)}
      <WaitlistPanel showId={showId} />
    </>
  );
}
