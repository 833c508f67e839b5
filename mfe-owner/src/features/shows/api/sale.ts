import type { Sale } from '@cinema/api-client';
import { api } from '@cinema/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { saleQueryKey, showsQueryKey } from '../../../lib/queryKeys';

/** GET onsale/{id}/: the show's sales opening time and whether it is high-demand. */
export function getSale(showId: number, { signal }: { signal?: AbortSignal } = {}): Promise<Sale> {
  return api.get('/api/onsale/{id}', { path: { id: showId }, ...(signal ? { signal } : {}) });
}

export function useSale(showId: number, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: saleQueryKey(showId),
    queryFn: ({ signal }) => getSale(showId, { signal }),
    enabled,
    staleTime: 0,
  });
}

export interface SaleChange {
  sales_open_at?: string | null;
  high_demand?: boolean;
}

/**
 * PATCH onsale/{id}/ with what changed: 400 with `fields.sales_open_at` for an opening time in
 * the past or after the start, 409 `show_started`, 404 for a show that is not the caller's.
 */
export function patchSale(showId: number, change: SaleChange): Promise<Sale> {
  return api.patch('/api/onsale/{id}', { path: { id: showId }, body: change });
}

/** Saves the settings and refreshes the owner's show queries (the list's line lengths too). */
export function usePatchSale(showId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SaleChange) => patchSale(showId, change),
    onSuccess: (sale) => {
      queryClient.setQueryData(saleQueryKey(showId), sale);
      return queryClient.invalidateQueries({ queryKey: showsQueryKey });
    },
  });
}
