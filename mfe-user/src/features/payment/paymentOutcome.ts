import { ApiError, errorMessage } from '@cinema/api-client';
import { HOLD_EXPIRED } from '@cinema/contract';

/** What the payment screen does after 'Pay Now' failed, decided from the failure alone. */
export interface PaymentOutcome {
  /** The error toast, if any; `id` keeps one toast per cause however often Pay Now is pressed. */
  toast: { message: string; id?: string } | null;
  /**
   * The hold was paid, let go or ran out, so its Idempotency-Key is forgotten. Any other failure
   * keeps it: paying again retries the same booking, never a second one (idempotencyKey.ts).
   */
  forgetKey: boolean;
  /** Fetch the hold again: paid or let go elsewhere, the screen turns into what it now is. */
  refreshHold: boolean;
  /** The server says the hold ran out: the screen shows it expired, with nothing to pay. */
  expired: boolean;
}

/** The failure of POST holds/{id}/confirm/ (any thrown value) -> what the screen does. */
export function paymentOutcome(error: unknown): PaymentOutcome {
  const code = error instanceof ApiError ? error.code : null;
  const status = error instanceof ApiError ? error.status : 0;

  if (code === 'hold_already_confirmed' || code === 'hold_released') {
    // Paid in another tab (which took the money) or let go: no toast, the page shows which.
    return { toast: null, forgetKey: true, refreshHold: true, expired: false };
  }
  if (code === 'hold_expired' || status === 410) {
    return {
      toast: { message: errorMessage(error, HOLD_EXPIRED) },
      forgetKey: true,
      refreshHold: false,
      expired: true,
    };
  }
  if (code === 'seat_limit_reached' || status === 429) {
    // A per-customer limit: the server's detail says which and what to do.
    const message = errorMessage(error, 'Booking failed!');
    return {
      toast: { message, id: message },
      forgetKey: false,
      refreshHold: false,
      expired: false,
    };
  }
  return {
    toast: { message: 'Booking failed!', id: 'booking-failed' },
    forgetKey: false,
    refreshHold: false,
    expired: false,
  };
}
