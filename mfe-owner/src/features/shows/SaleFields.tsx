import { TextField } from '@cinema/ui';
import type { ComponentProps } from 'react';
import styles from './AddShowForm.module.css';

type OpeningField = Omit<ComponentProps<typeof TextField>, 'label' | 'type' | 'hint'>;

/** A show's sale settings, as the add-show form and the Sale settings dialog ask for them. */
export function SaleFields({
  openingLabel,
  opening,
  highDemand,
  onHighDemandChange,
}: {
  openingLabel: string;
  /** The form's `field('sales_open_at')`. */
  opening: OpeningField;
  highDemand: boolean;
  onHighDemandChange: (checked: boolean) => void;
}) {
  return (
    <>
      <TextField
        {...opening}
        label={openingLabel}
        type="datetime-local"
        hint="Leave empty to sell tickets at once. Customers see a countdown until then."
      />
      <label className={styles.check}>
        <input
          type="checkbox"
          name="high_demand"
          checked={highDemand}
          onChange={(event) => onHighDemandChange(event.target.checked)}
        />
        High demand: customers wait in a fair line and take turns to choose seats
      </label>
    </>
  );
}
