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
} from '@cinema/ui';
import { Link, useLocation } from 'react-router-dom';
import { LoginRequired } from '../../components/LoginRequired';
import { ShowSummary } from '../../components/ShowSummary';
import { useFollowHoldChanges } from '../../lib/holdChannel';
import { formatCountdown, useCountdown } from '../../lib/useCountdown';
import { useWallet } from '../../lib/wallet/walletStore';
import { useHold } from './api/getHold';
import styles from './PaymentPage.module.css';
import { seatLayoutPath, usePayment } from './usePayment';

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
  const wallet = useWallet();
  const payment = usePayment(hold);
  const secondsLeft = useCountdown(hold.expires_at);
  const expired = secondsLeft === 0 || payment.expiredByServer;
  const total = toNumber(hold.total_price);
  const labels = hold.seats.map((seat) => seat.label);

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
          onClick={() => void payment.goBack()}
          disabled={payment.leaving || payment.paying}
        >
          Back
        </Button>
        <Button
          onClick={() => void payment.payNow()}
          busy={payment.paying}
          busyLabel="Processing..."
          disabled={expired || payment.leaving}
        >
          Pay Now
        </Button>
      </div>
    </div>
  );
}
