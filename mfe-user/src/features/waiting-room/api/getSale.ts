import type { Sale } from '@cinema/api-client';
import { api } from '@cinema/api-client';
import { useQuery } from '@tanstack/react-query';
import { saleQueryKey } from '../../../lib/queryKeys';

/** GET onsale/{id}/: when the show's sales open, whether it is high-demand, the server's time. */
export function getSale(showId: number, { signal }: { signal?: AbortSignal } = {}): Promise<Sale> {
  return api.get('/api/onsale/{id}', { path: { id: showId }, ...(signal ? { signal } : {}) });
}

export function useSale(showId: number) {
  return useQuery({
    queryKey: saleQueryKey(showId),
    queryFn: ({ signal }) => getSale(showId, { signal }),
    staleTime: 0,
  });
}
