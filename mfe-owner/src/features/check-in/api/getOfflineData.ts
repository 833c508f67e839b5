import { api } from '@cinema/api-client';
import type { OfflineData } from './doorTypes';

/**
 * GET tickets/check-in/shows/{id}/offline/: the show, the owner's pass keys (active and retired)
 * and every ticket of the show as a hash of its code, its seat and whether it is cancelled or
 * inside. 404 show_not_found outside the caller's theaters.
 */
export function getOfflineData(
  showId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<OfflineData> {
  return api.get('/api/tickets/check-in/shows/{id}/offline', {
    path: { id: showId },
    ...(signal ? { signal } : {}),
  });
}
