import type { Hold } from '@cinema/api-client';
import { toNumber, withQuery } from '@cinema/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { holdQueryKey } from '../../lib/queryKeys';
import { useSeatSelectionStore } from '../../lib/seat-selection/seatSelectionStore';
import { useWallet } from '../../lib/wallet/walletStore';
import { useConfirmHold } from './api/confirmHold';
import { useReleaseHold } from './api/releaseHold';
import { forgetIdempotencyKey, idempotencyKeyFor } from './idempotencyKey';
import { paymentOutcome } from './paymentOutcome';

/** The seat screen of a show, where a customer picks seats (again). */
export function seatLayoutPath(showId: number) {
  return withQuery('/user/seat-layout', { show: showId });
}

export interface Payment {
  /** 'Pay Now': confirm with the hold's Idempotency-Key, then charge the wallet and go. */
  payNow: () => Promise<void>;
  /** 'Back': let the seats go and return to the show's seats. */
  goBack: () => Promise<void>;
  /** The confirm call is in flight. */
  paying: boolean;
  /** The release call is in flight. */
  leaving: boolean;
  /** The server answered that the hold ran out (the countdown may not have reached 0 yet). */
  expiredByServer: boolean;
}

/** Paying for a hold from the wallet, or letting it go: the flow behind the payment screen. */
export function usePayment(hold: Hold): Payment {
  const navigate = useNavigate();
  const wallet = useWallet();
  const confirm = useConfirmHold();
  const release = useReleaseHold();
  const resetSelection = useSeatSelectionStore((state) => state.reset);
  const queryClient = useQueryClient();
  const [expiredByServer, setExpiredByServer] = useState(false);
  const inFlight = useRef(false);
  const total = toNumber(hold.total_price);

  async function goBack() {
    try {
      await release.mutateAsync({ holdId: hold.id, showId: hold.show_id });
    } catch {
      // Already expired or gone: the seats are free either way.
    }
    forgetIdempotencyKey(hold.id);
    navigate(seatLayoutPath(hold.show_id), { state: { showId: hold.show_id } });
  }

  async function payNow() {
    // Single-flight: a double click (or clicks before the button shows it is busy) pays once.
    if (inFlight.current) return;
    if (total > wallet.balance) {
      toast.error('Insufficient balance!', { toastId: 'insufficient-balance' });
      return;
    }
    inFlight.current = true;
    try {
      await confirm.mutateAsync({
        holdId: hold.id,
        showId: hold.show_id,
        idempotencyKey: idempotencyKeyFor(hold.id),
      });
    } catch (error) {
      inFlight.current = false;
      const outcome = paymentOutcome(error);
      if (outcome.forgetKey) forgetIdempotencyKey(hold.id);
      if (outcome.refreshHold) {
        void queryClient.invalidateQueries({ queryKey: holdQueryKey(hold.id) });
      }
      if (outcome.expired) setExpiredByServer(true);
      if (outcome.toast) toast.error(outcome.toast.message, { toastId: outcome.toast.id });
      return;
    }
    // Charged only once the server has booked the seats, and once per hold whatever happens.
    wallet.deduct(total, hold.id);
    forgetIdempotencyKey(hold.id);
    resetSelection();
    toast.success('Payment Successful!', { toastId: `paid-${hold.id}` });
    toast.success('Seats booked successfully!', { toastId: `booked-${hold.id}` });
    // The paid order replaces the payment page in history: Back never returns to a payable page.
    // My Tickets marks it (an order is named by the hold it was paid through).
    navigate(withQuery('/user/my-tickets', { order: hold.id }), { replace: true });
  }

  return {
    payNow,
    goBack,
    paying: confirm.isPending,
    leaving: release.isPending,
    expiredByServer,
  };
}
