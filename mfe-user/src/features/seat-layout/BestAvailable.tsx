import { bestAvailable } from '@cinema/contract';
import { Button, formatRupees, SelectField } from '@cinema/ui';
import { useState } from 'react';
import type { MapSeat, PickRules, SeatCategory } from '../../lib/seat-selection/seatLayout';
import styles from './BestAvailable.module.css';

/** The polite answer when no seats together are free in the category. */
export function noneFreeMessage(count: number, category: string): string {
  return count === 1
    ? `No seat is free in ${category}. Please try another category.`
    : `No ${count} seats side by side are free in ${category}. Please try another category or fewer tickets.`;
}

export interface BestAvailableProps {
  seats: readonly MapSeat[];
  categories: readonly SeatCategory[];
  /** The ticket count, null while 'Number of Tickets' is invalid. */
  count: number | null;
  rules: PickRules;
  onChoose: (seatIds: number[]) => void;
  /** Called instead of choosing while the ticket count is invalid. */
  onInvalidCount: () => void;
}

/**
 * 'Best available': the ticket count's seats side by side in the chosen category, nearest the
 * screen's centre line and stranding no single seat (bestAvailable in
 * packages/contract/src/seating.js, the same rules the API applies to the hold). The category
 * starts at the priciest with seats free.
 */
export function BestAvailable({
  seats,
  categories,
  count,
  rules,
  onChoose,
  onInvalidCount,
}: BestAvailableProps) {
  const [picked, setPicked] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const fallback = categories.find((category) => category.free > 0) ?? categories[0];
  const category = categories.find((known) => known.name === picked) ?? fallback;
  if (!category) return null;

  function choose() {
    if (count === null || !category) {
      onInvalidCount();
      return;
    }
    const ids = bestAvailable(seats, {
      count,
      category: category.name,
      now: rules.now,
      accessibleReleaseAt: rules.accessibleReleaseAt,
    });
    if (!ids) {
      setMessage(noneFreeMessage(count, category.name));
      return;
    }
    const chosen = ids.filter((id) => typeof id === 'number');
    onChoose(chosen);
    const labels = chosen.map((id) => seats.find((seat) => seat.id === id)?.label).join(', ');
    setMessage(`Best available in ${category.name}: ${labels}.`);
  }

  return (
    <div className={styles.best}>
      <div className={styles.choice}>
        {categories.length > 1 && (
          <SelectField
            label="Category"
            value={category.name}
            options={categories.map(({ name, price }) => ({
              value: name,
              label: `${name} ${formatRupees(price)}`,
            }))}
            onChange={(event) => {
              setPicked(event.target.value);
              setMessage('');
            }}
            className={styles.category}
          />
        )}
        <Button variant="secondary" onClick={choose}>
          Best available
        </Button>
      </div>
      <p aria-live="polite" className={styles.message}>
        {message}
      </p>
    </div>
  );
}
