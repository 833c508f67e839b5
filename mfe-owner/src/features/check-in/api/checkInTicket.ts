import type { ApiComponents } from '@cinema/api-client';
import { ApiError, api } from '@cinema/api-client';
import type { QueryClient } from '@tanstack/react-query';
import { checkInShowsQueryKey } from '../../../lib/queryKeys';
import type { CheckInShow } from './getCheckInShows';

export type CheckIn = ApiComponents['schemas']['CheckIn'];
export type DoorTicket = ApiComponents['schemas']['DoorTicket'];
export type CheckInCounts = ApiComponents['schemas']['CheckInCounts'];

/** How long the door waits for the API before it decides alone: a queue is forming. */
export const ONLINE_SCAN_TIMEOUT_MS = 6_000;

/**
 * POST tickets/check-in/ {code, show_id, device_id, device_name}: 200 admitted, once (with
 * `readmitted` after an exit). `code` is a typed code or a signed pass. Otherwise an ApiError:
 * 409 with a `code` saying why (already_checked_in, ticket_cancelled, too_early, show_ended,
 * wrong_show, wrong_theater, forged_ticket) and the ticket and counts in its body; 404
 * ticket_not_found; 400 fields; status 0 when the API could not be reached in time.
 */
export function checkInTicket(input: {
  code: string;
  show_id: number;
  device_id: string;
  device_name: string;
}): Promise<CheckIn> {
  return api.post('/api/tickets/check-in', {
    body: input,
    signal: AbortSignal.timeout(ONLINE_SCAN_TIMEOUT_MS),
  });
}

/** The show's counts an answer carries, whether it admitted or refused. */
export function countsOf(answer: CheckIn | unknown): CheckInCounts | null {
  if (answer instanceof ApiError) return countsOf(answer.body);
  const counts = (answer as { counts?: CheckInCounts } | null)?.counts;
  return counts && typeof counts.show_id === 'number' ? counts : null;
}

/** Puts a show's counts (from any check-in answer) straight into the day's shows. */
export function applyCounts(
  queryClient: QueryClient,
  counts: Pick<CheckInCounts, 'show_id' | 'checked_in' | 'sold'> | null,
): void {
  if (!counts) return;
  queryClient.setQueryData<CheckInShow[]>(checkInShowsQueryKey, (shows) =>
    shows?.map((show) =>
      show.id === counts.show_id
        ? { ...show, checked_in: counts.checked_in, sold: counts.sold }
        : show,
    ),
  );
}
