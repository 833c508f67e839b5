import { Button, TextField } from '@cinema/ui';
import { type FormEvent, useState } from 'react';
import styles from './DateRangeFilter.module.css';
import type { DateRange } from './dateRange';

export interface DateRangeFilterProps {
  /** The range the report shows; the inputs start from it. */
  range: DateRange;
  onApply: (range: DateRange) => void;
}

type Errors = Partial<Record<keyof DateRange, string>>;

/**
 * 'From' and 'To' show dates and 'Apply'. The order of the two is the server's to judge: a
 * reversed range comes back with its message.
 */
export function DateRangeFilter({ range, onApply }: DateRangeFilterProps) {
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [errors, setErrors] = useState<Errors>({});

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Errors = {};
    if (from === '') found.from = 'Choose a start date.';
    if (to === '') found.to = 'Choose an end date.';
    setErrors(found);
    if (Object.keys(found).length === 0) onApply({ from, to });
  }

  return (
    <form className={styles.filter} aria-label="Date range" noValidate onSubmit={submit}>
      <TextField
        label="From"
        type="date"
        value={from}
        error={errors.from}
        className={styles.field}
        onChange={(event) => {
          setFrom(event.target.value);
          setErrors(({ from: _cleared, ...rest }) => rest);
        }}
      />
      <TextField
        label="To"
        type="date"
        value={to}
        error={errors.to}
        className={styles.field}
        onChange={(event) => {
          setTo(event.target.value);
          setErrors(({ to: _cleared, ...rest }) => rest);
        }}
      />
      <Button type="submit" className={styles.apply}>
        Apply
      </Button>
    </form>
  );
}
