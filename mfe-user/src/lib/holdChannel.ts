import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { allHoldsQueryKey, seatsQueryKey } from './queryKeys';

/**
 * Tells the customer's other tabs that one of their holds changed (placed, replaced, released or
 * paid), so a payment page or seat map open there asks the server again at once instead of
 * finding out only when paying. The server stays the truth: without BroadcastChannel (or across
 * browsers) the pages still learn it by polling.
 */
const CHANNEL_NAME = 'cinema-user:holds';

interface HoldChange {
  showId: number;
}

function openChannel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);
}

/** Tells the other tabs that a hold on the show changed. */
export function announceHoldChange(showId: number): void {
  const channel = openChannel();
  if (!channel) return;
  channel.postMessage({ showId } satisfies HoldChange);
  channel.close();
}

/** While mounted, a hold changed in another tab makes this tab re-read holds and that show's seats. */
export function useFollowHoldChanges(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const channel = openChannel();
    if (!channel) return;
    channel.onmessage = (event: MessageEvent<Partial<HoldChange>>) => {
      void queryClient.invalidateQueries({ queryKey: allHoldsQueryKey });
      const showId = event.data?.showId;
      if (typeof showId === 'number') {
        void queryClient.invalidateQueries({ queryKey: seatsQueryKey(showId) });
      }
    };
    return () => channel.close();
  }, [queryClient]);
}
