import { cx } from '../cx';
import { Button } from './Button';
import styles from './Pagination.module.css';

export interface PaginationProps {
  /** Names the navigation, e.g. 'Theater pages'. */
  label: string;
  /** The page shown, from 1. */
  page: number;
  /** How many pages there are, at least 1. */
  pages: number;
  onPage: (page: number) => void;
  /** True while the next page loads: the buttons wait for it. */
  busy?: boolean;
  /** 'center' under cards (the default), 'end' under a table. */
  align?: 'center' | 'end';
}

/** Previous, 'Page X of Y' (announced when it changes), Next. */
export function Pagination({
  label,
  page,
  pages,
  onPage,
  busy = false,
  align = 'center',
}: PaginationProps) {
  return (
    <nav aria-label={label} className={cx(styles.pagination, align === 'end' && styles.end)}>
      <Button
        variant="secondary"
        size="small"
        disabled={busy || page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </Button>
      <p className={styles.position} aria-live="polite">{`Page ${page} of ${pages}`}</p>
      <Button
        variant="secondary"
        size="small"
        disabled={busy || page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </Button>
    </nav>
  );
}
