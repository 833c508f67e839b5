import { LAYOUT_LIMITS } from '@cinema/contract';
import { Button, TextField } from '@cinema/ui';
import type { Draft, DraftCategory } from './draft';
import styles from './ScreenLayoutEditor.module.css';

export interface CategoriesEditorProps {
  draft: Draft;
  onChange: (key: number, change: Partial<Pick<DraftCategory, 'name' | 'price'>>) => void;
  onAdd: () => void;
  onRemove: (key: number) => void;
}

/** The categories of seat with their prices in rupees: 1 to LAYOUT_LIMITS.categories. */
export function CategoriesEditor({ draft, onChange, onAdd, onRemove }: CategoriesEditorProps) {
  return (
    <fieldset className={styles.categories}>
      <legend>Categories and prices</legend>
      <ul className={styles.categoryList}>
        {draft.categories.map((category, index) => (
          <li key={category.key} className={styles.category} data-category={index}>
            <TextField
              label={`Name of category ${index + 1}`}
              value={category.name}
              maxLength={LAYOUT_LIMITS.categoryName}
              onChange={(event) => onChange(category.key, { name: event.target.value })}
            />
            <TextField
              label={`Price of category ${index + 1} (₹)`}
              value={category.price}
              inputMode="numeric"
              onChange={(event) => onChange(category.key, { price: event.target.value })}
            />
            <Button
              size="small"
              variant="secondary"
              disabled={draft.categories.length <= 1}
              aria-label={`Remove category ${category.name || index + 1}`}
              onClick={() => onRemove(category.key)}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <p className={styles.note}>
        Removing a category gives its seats to the first category left. At most{' '}
        {LAYOUT_LIMITS.categories} categories.
      </p>
      <Button
        size="small"
        variant="secondary"
        disabled={draft.categories.length >= LAYOUT_LIMITS.categories}
        onClick={onAdd}
      >
        Add category
      </Button>
    </fieldset>
  );
}
