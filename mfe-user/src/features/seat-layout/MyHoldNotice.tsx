import type { Hold } from '@cinema/api-client';
import { buttonClassName, cx, surfaceClassName, withQuery } from '@cinema/ui';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { formatCountdown, useCountdown } from '../../lib/useCountdown';
import styles from './MyHoldNotice.module.css';

/**
 * The customer's own hold on this show, placed in another tab (or before a reload): which seats,
 * how long it lasts, a way to go on paying for it, and what picking other seats does to it.
 */
export function MyHoldNotice({ hold }: { hold: Hold }) {
  const headingId = useId();
  const secondsLeft = useCountdown(hold.expires_at);
  if (secondsLeft === 0) return null;
  const labels = hold.seats.map((seat) => seat.label).join(', ');
  const count = hold.seats.length;
  return (
    <section aria-labelledby={headingId} className={cx(surfaceClassName, styles.notice)}>
      <div className={styles.text}>
        <h2 id={headingId} className={styles.heading}>
          Seats waiting for payment
        </h2>
        <p className={styles.body}>
          You are holding {count === 1 ? 'seat' : 'seats'} {labels} for this show (
          {formatCountdown(secondsLeft)} left to pay). Proceeding with other seats replaces this
          hold.
        </p>
      </div>
      <Link
        to={withQuery('/user/payment', { hold: hold.id })}
        state={{ holdId: hold.id, showId: hold.show_id }}
        className={buttonClassName()}
      >
        Continue to Payment
      </Link>
    </section>
  );
}
