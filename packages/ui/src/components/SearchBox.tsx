import { type FormEvent, useState } from 'react';
import { cx } from '../cx';
import { useDebouncedSearch } from '../lists';
import styles from './SearchBox.module.css';
import { TextField } from './TextField';

export interface SearchBoxProps {
  /** The field's label, e.g. 'Search theaters'. */
  label: string;
  /** What can be searched, e.g. 'Name or location'. */
  placeholder: string;
  /** The search in force, e.g. from the URL. */
  value: string;
  /** Called with the trimmed text once typing pauses (SEARCH_DEBOUNCE_MS), or at once on Enter. */
  onSearch: (q: string) => void;
  className?: string;
}

/** A search form that asks the server as the user types, 300 ms after the last key. */
export function SearchBox({ label, placeholder, value, onSearch, className }: SearchBoxProps) {
  const [text, setText] = useState(value);
  useDebouncedSearch(text, value, onSearch);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = text.trim();
    if (q !== value) onSearch(q);
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for some browsers still in use (and jsdom)
    <form role="search" className={cx(styles.search, className)} onSubmit={handleSubmit}>
      <TextField
        label={label}
        type="search"
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
        autoComplete="off"
      />
    </form>
  );
}
