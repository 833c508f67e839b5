import { cx, formatRupees, SeatLegend as Legend, type SeatLegendEntry } from '@cinema/ui';
import styles from './SeatMap.module.css';
import { CATEGORY_MARKS, KIND_APPEARANCE, type LayoutKind, type ShowCategory } from './seatPlace';

const AVAILABLE: SeatLegendEntry = { tone: 'available', face: 'A1', label: 'Available' };
const BOOKED: SeatLegendEntry = { tone: 'booked', face: '✕', label: 'Booked' };
const HELD: SeatLegendEntry = { tone: 'held', face: '◐', label: 'Held' };
const CHECKED_IN: SeatLegendEntry = { tone: 'booked', face: '✓', label: 'Checked in' };
const DUPLICATE: SeatLegendEntry = { tone: 'booked', face: '!', label: 'Shown twice at the door' };

export interface SeatLegendProps {
  /** Show the 'Held' entry too (only when a seat is held). */
  withHeld?: boolean;
  /** Show the 'Checked in' entry too (only when a ticket was checked in at the door). */
  withCheckedIn?: boolean;
  /** Show the 'Shown twice at the door' entry too (only when a ticket was). */
  withDuplicate?: boolean;
  /** The show's categories, priciest first, each with its price. */
  categories?: readonly ShowCategory[];
  /** The kinds of seat the screen has beyond ordinary ones (wheelchair, companion, blocked). */
  kinds?: ReadonlySet<LayoutKind>;
}

/**
 * What each colour and mark on the map means: a free seat shows its label, a booked one ✕, a
 * free wheelchair space ♿ and its companion seat +; then what each category of seat costs (with
 * its mark when there are several) and the blocked seats' mark.
 */
export function SeatLegend({
  withHeld = false,
  withCheckedIn = false,
  withDuplicate = false,
  categories = [],
  kinds = new Set(),
}: SeatLegendProps) {
  const entries = [AVAILABLE, BOOKED];
  if (withCheckedIn) entries.push(CHECKED_IN);
  if (withDuplicate) entries.push(DUPLICATE);
  if (withHeld) entries.push(HELD);
  for (const kind of ['wheelchair', 'companion'] as const) {
    if (!kinds.has(kind)) continue;
    const { glyph, label } = KIND_APPEARANCE[kind];
    entries.push({ tone: 'available', face: glyph, label });
  }
  const several = categories.length > 1;
  return (
    <div className={styles.legends}>
      <Legend entries={entries} />
      {(categories.length > 0 || kinds.has('blocked')) && (
        <ul className={styles.categories} aria-label="Seat categories">
          {categories.map((category, rank) => (
            <li key={category.name} className={styles.category}>
              {several && (
                <span
                  className={cx(styles.swatch, styles[CATEGORY_MARKS[rank] ?? ''])}
                  aria-hidden="true"
                />
              )}
              {category.name} {formatRupees(category.price)}
            </li>
          ))}
          {kinds.has('blocked') && (
            <li className={styles.category}>
              <span className={cx(styles.swatch, styles.blockedSwatch)} aria-hidden="true">
                {KIND_APPEARANCE.blocked.glyph}
              </span>
              {KIND_APPEARANCE.blocked.label}
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
