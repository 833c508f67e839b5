import type { ApiComponents } from '@cinema/api-client';
import { api } from '@cinema/api-client';
import { ONLINE_SCAN_TIMEOUT_MS } from './checkInTicket';

export type ExitAnswer = ApiComponents['schemas']['CheckOut'];

/**
 * POST tickets/check-in/exit/ {code, show_id, device_id, device_name}: the holder steps out and
 * may come back in. 409 not_checked_in when the ticket is not inside.
 */
export function exitTicket(input: {
  code: string;
  show_id: number;
  device_id: string;
  device_name: string;
}): Promise<ExitAnswer> {
  return api.post('/api/tickets/check-in/exit', {
    body: input,
    signal: AbortSignal.timeout(ONLINE_SCAN_TIMEOUT_MS),
  });
}
