import { cx, formatRupees, SeatLegend as Legend, type SeatLegendEntry } from '@cinema/ui';
import type { SeatCategory, SeatKind } from '../../lib/seat-selection/seatLayout';
import { CATEGORY_MARKS } from './categoryMarks';
import styles from './SeatMap.module.css';
import { KIND_APPEARANCE, LEGEND_ORDER, SEAT_APPEARANCE } from './seatAppearance';

const STATES: SeatLegendEntry[] = LEGEND_ORDER.map((display) => ({
  tone: display,
  face: SEAT_APPEARANCE[display].glyph,
  label: SEAT_APPEARANCE[display].label,
}));

export interface SeatLegendProps {
  /** The show's categories, priciest first. */
  categories: readonly SeatCategory[];
  /** The kinds of seat the screen has: wheelchair spaces, companion seats, blocked seats. */
  kinds: ReadonlySet<SeatKind>;
}

/**
 * What each colour and mark on the seat map means (the spec's states, then the screen's
 * wheelchair spaces and companion seats), and what each category of seat costs.
 */
export function SeatLegend({ categories, kinds }: SeatLegendProps) {
  const entries = [...STATES];
  for (const kind of ['wheelchair', 'companion'] as const) {
    if (!kinds.has(kind)) continue;
    const { glyph, label } = KIND_APPEARANCE[kind];
    entries.push({ tone: 'available', face: glyph, label });
  }
  const several = categories.length > 1;
  return (
    <div className={styles.legends}>
      <Legend entries={entries} />
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
    </div>
  );
}
