import type { Hold } from '@cinema/api-client';
import { ApiError, errorMessage } from '@cinema/api-client';
import { HOLD_EXPIRED } from '@cinema/contract';
import {
  Button,
  buttonClassName,
  Card,
  CardSkeleton,
  EmptyState,
  ErrorState,
  FactList,
  formatRupees,
  Page,
  readState,
  toId,
  toNumber,
  useNavigationId,
  VisuallyHidden,
  withQuery,
} from '@cinema/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { LoginRequired } from '../../components/LoginRequired';
import { ShowSummary } from '../../components/ShowSummary';
import { useFollowHoldChanges } from '../../lib/holdChannel';
import { holdQueryKey } from '../../lib/queryKeys';
import { useSeatSelectionStore } from '../../lib/seat-selection/seatSelectionStore';
import { formatCountdown, useCountdown } from '../../lib/useCountdown';
import { useWallet } from '../../lib/wallet/walletStore';
import { useConfirmHold } from './api/confirmHold';
import { useHold } from './api/getHold';
import { useReleaseHold } from './api/releaseHold';
import { forgetIdempotencyKey, idempotencyKeyFor } from './idempotencyKey';
import styles from './PaymentPage.module.css';

// The API answers an expired hold with the same sentence: one copy, in the contract.
export const HOLD_EXPIRED_MESSAGE = HOLD_EXPIRED;
export const HOLD_PAID_MESSAGE = 'This order is paid.';
export const HOLD_RELEASED_MESSAGE =
  'These seats are no longer held for you: the order was cancelled or replaced by a newer one.';

export function PaymentPage() {
  const holdId = useNavigationId('holdId', 'hold');
  return (
    <Page title="Payment">
      <LoginRequired>
        {holdId === null ? (
          <EmptyState message="No seats are waiting for payment.">
            <Link to="/user/shows" className={buttonClassName()}>
              Go to Shows
            </Link>
          </EmptyState>
        ) : (
          <Checkout holdId={holdId} />
        )}
      </LoginRequired>
    </Page>
  );
}

function seatLayoutPath(showId: number) {
  return withQuery('/user/seat-layout', { show: showId });
}

/** Offers to pick seats again, for the show when it is known. */
function PickSeatsAgain({ showId }: { showId: number | null }) {
  if (showId === null) {
    return (
      <Link to="/user/shows" className={buttonClassName()}>
        Go to Shows
      </Link>
    );
  }
  return (
    <Link to={seatLayoutPath(showId)} state={{ showId }} className={buttonClassName()}>
      Select Seats Again
    </Link>
  );
}

/** The show of a 410 for an expired hold (the API names it), to pick its seats again. */
function showOfError(error: unknown): number | null {
  if (!(error instanceof ApiError)) return null;
  const { body } = error;
  return typeof body === 'object' && body !== null && 'show_id' in body
    ? toId((body as { show_id: unknown }).show_id)
    : null;
}

function Checkout({ holdId }: { holdId: number }) {
  const { state } = useLocation();
  const stateShowId = toId(readState(state, 'showId'));
  const hold = useHold(holdId);
  // Another tab replacing, releasing or paying this hold shows here at once.
  useFollowHoldChanges();

  // Expired or gone: whether found on opening or while the page was open.
  const status = hold.error instanceof ApiError ? hold.error.status : 0;
  if (status === 410) {
    return (
      <EmptyState message={HOLD_EXPIRED_MESSAGE}>
        <PickSeatsAgain showId={showOfError(hold.error) ?? hold.data?.show_id ?? stateShowId} />
      </EmptyState>
    );
  }
  if (status === 404) {
    return (
      <EmptyState message="These seats are not held for you any more.">
        <PickSeatsAgain showId={hold.data?.show_id ?? stateShowId} />
      </EmptyState>
    );
  }
  if (hold.data) {
    // Never a payable page for an order that was paid or let go: Back, a reload, another tab.
    if (hold.data.status === 'confirmed') {
      return (
        <EmptyState message={HOLD_PAID_MESSAGE}>
          <p>Your tickets are in My Tickets.</p>
          <Link to="/user/my-tickets" className={buttonClassName()}>
            View My Tickets
          </Link>
        </EmptyState>
      );
    }
    if (hold.data.status === 'released') {
      return (
        <EmptyState message={HOLD_RELEASED_MESSAGE}>
          <PickSeatsAgain showId={hold.data.show_id} />
        </EmptyState>
      );
    }
    return <HoldPayment hold={hold.data} />;
  }
  if (hold.isPending) return <CardSkeleton lines={5} label="Loading your seats..." />;
  return (
    <ErrorState
      message={errorMessage(hold.error, 'Your seats could not be loaded.')}
      onRetry={() => void hold.refetch()}
    />
  );
}

function HoldPayment({ hold }: { hold: Hold }) {
  const navigate = useNavigate();
  const wallet = useWallet();
  const confirm = useConfirmHold();
  const release = useReleaseHold();
  const resetSelection = useSeatSelectionStore((state) => state.reset);
  const secondsLeft = useCountdown(hold.expires_at);
  const [expiredByServer, setExpiredByServer] = useState(false);
  const paying = useRef(false);
  const queryClient = useQueryClient();
  const expired = secondsLeft === 0 || expiredByServer;
  const total = toNumber(hold.total_price);
  const labels = hold.seats.map((seat) => seat.label);

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
    if (paying.current) return;
    if (total > wallet.balance) {
      toast.error('Insufficient balance!', { toastId: 'insufficient-balance' });
      return;
    }
    paying.current = true;
    try {
      await confirm.mutateAsync({
        holdId: hold.id,
        showId: hold.show_id,
        idempotencyKey: idempotencyKeyFor(hold.id),
      });
    } catch (error) {
      paying.current = false;
      if (error instanceof ApiError && error.code === 'hold_already_confirmed') {
        // Paid in another tab: this page turns into the paid order (that tab took the money).
        forgetIdempotencyKey(hold.id);
        void queryClient.invalidateQueries({ queryKey: holdQueryKey(hold.id) });
      } else if (error instanceof ApiError && error.code === 'hold_released') {
        forgetIdempotencyKey(hold.id);
        void queryClient.invalidateQueries({ queryKey: holdQueryKey(hold.id) });
      } else if (
        error instanceof ApiError &&
        (error.code === 'hold_expired' || error.status === 410)
      ) {
        forgetIdempotencyKey(hold.id);
        setExpiredByServer(true);
        toast.error(errorMessage(error, HOLD_EXPIRED_MESSAGE));
      } else if (
        error instanceof ApiError &&
        (error.code === 'seat_limit_reached' || error.status === 429)
      ) {
        // A per-customer limit: the server's detail says which and what to do.
        const message = errorMessage(error, 'Booking failed!');
        toast.error(message, { toastId: message });
      } else {
        // The key is kept: paying again retries the same booking, never a second one.
        toast.error('Booking failed!', { toastId: 'booking-failed' });
      }
      return;
    }
    // Charged only once the server has booked the seats, and once per hold whatever happens.
    wallet.deduct(total, hold.id);
    forgetIdempotencyKey(hold.id);
    resetSelection();
    toast.success('Payment Successful!', { toastId: `paid-${hold.id}` });
    toast.success('Seats booked successfully!', { toastId: `booked-${hold.id}` });
    // The paid order replaces the payment page in history: Back never returns to a payable page.
    navigate('/user/my-tickets', { replace: true });
  }

  return (
    <div className={styles.layout}>
      <ShowSummary showId={hold.show_id} />

      <Card heading="Order summary" className={styles.summary}>
        <FactList
          items={[
            { label: 'Seats', value: hold.seats.length },
            {
              label: 'Selected seats',
              value: (
                <ul className={styles.seats} aria-label="Selected seats">
                  {labels.map((label) => (
                    <li key={label} className={styles.seat}>
                      {label}
                    </li>
                  ))}
                </ul>
              ),
            },
            { label: 'Total', value: <strong>{formatRupees(total)}</strong> },
            { label: 'Wallet balance', value: formatRupees(wallet.balance) },
          ]}
        />
      </Card>

      {expired ? (
        <div role="alert" className={styles.expired}>
          <p>{HOLD_EXPIRED_MESSAGE}</p>
          <PickSeatsAgain showId={hold.show_id} />
        </div>
      ) : (
        <p className={styles.timer}>
          Time left to pay:{' '}
          <strong role="timer" aria-label={`${formatCountdown(secondsLeft)} left`}>
            {formatCountdown(secondsLeft)}
          </strong>
          <VisuallyHidden>
            <span aria-live="polite">
              {secondsLeft <= 60 ? 'Less than a minute left to pay.' : ''}
            </span>
          </VisuallyHidden>
        </p>
      )}

      <div className={styles.actions}>
        <Button
          variant="secondary"
          onClick={() => void goBack()}
          disabled={release.isPending || confirm.isPending}
        >
          Back
        </Button>
        <Button
          onClick={() => void payNow()}
          busy={confirm.isPending}
          busyLabel="Processing..."
          disabled={expired || release.isPending}
        >
          Pay Now
        </Button>
      </div>
    </div>
  );
}
