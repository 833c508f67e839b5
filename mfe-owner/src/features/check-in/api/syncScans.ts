import { api } from '@cinema/api-client';
import type { SyncAnswer, SyncRequest } from './doorTypes';

export type { SyncRequest } from './doorTypes';

/** The most scans one POST tickets/check-in/sync/ takes. */
export const SYNC_BATCH = 500;

/**
 * POST tickets/check-in/sync/ {device_id, device_name, sent_at (this device's clock as the batch
 * leaves: the server measures its offset from it), scans}: the scans decided offline, merged by
 * the server with every other device's; one result per scan it took. A scan id sent again
 * answers the same and writes nothing, so a batch whose answer was lost is simply sent again.
 */
export function syncScans(body: SyncRequest): Promise<SyncAnswer> {
  return api.post('/api/tickets/check-in/sync', { body });
}
