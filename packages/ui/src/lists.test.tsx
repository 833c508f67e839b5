import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageCount, pageQuery, SEARCH_DEBOUNCE_MS, useDebouncedSearch } from './lists';

describe('list paging', () => {
  it('asks for 20 rows a page and leaves an empty search out', () => {
    expect(pageQuery({ page: 2, q: '' })).toEqual({ page: 2, page_size: 20, q: null });
    expect(pageQuery({ page: 1, q: 'pvr' })).toEqual({ page: 1, page_size: 20, q: 'pvr' });
    expect(pageQuery({ page: 1, q: '' }, 100)).toEqual({ page: 1, page_size: 100, q: null });
  });

  it('counts at least one page', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(20)).toBe(1);
    expect(pageCount(21)).toBe(2);
    expect(pageCount(21, 10)).toBe(3);
  });
});

describe('useDebouncedSearch', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the trimmed text once it has stood for SEARCH_DEBOUNCE_MS, unless already in force', () => {
    const onSearch = vi.fn();
    const { rerender } = renderHook(
      ({ text, applied }) => useDebouncedSearch(text, applied, onSearch),
      { initialProps: { text: '', applied: '' } },
    );
    rerender({ text: 'pv', applied: '' });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    rerender({ text: 'pvr ', applied: '' });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('pvr');

    rerender({ text: 'pvr ', applied: 'pvr' });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onSearch).toHaveBeenCalledOnce();
  });
});
