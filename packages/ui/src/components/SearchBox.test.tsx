import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS } from '../lists';
import { SearchBox } from './SearchBox';

describe('SearchBox', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  function renderBox(onSearch = vi.fn(), value = '') {
    render(
      <SearchBox
        label="Search theaters"
        placeholder="Name or location"
        value={value}
        onSearch={onSearch}
      />,
    );
    return { onSearch, box: screen.getByRole('searchbox', { name: 'Search theaters' }) };
  }

  it('searches with the trimmed text once typing has paused', () => {
    const { onSearch, box } = renderBox();
    expect(screen.getByRole('search')).toContainElement(box);
    expect(box).toHaveAttribute('placeholder', 'Name or location');

    fireEvent.change(box, { target: { value: ' pv' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    fireEvent.change(box, { target: { value: ' pvr ' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(onSearch).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('pvr');
  });

  it('searches at once on Enter, and not again for the search in force', () => {
    const { onSearch, box } = renderBox(vi.fn(), 'inox');
    expect(box).toHaveValue('inox');

    fireEvent.change(box, { target: { value: 'pvr' } });
    fireEvent.submit(box);
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('pvr');

    fireEvent.change(box, { target: { value: ' inox ' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onSearch).toHaveBeenCalledOnce();
  });
});
