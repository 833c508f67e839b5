import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageCount, pageQuery, SEARCH_DEBOUNCE_MS, useDebouncedSearch } from './lists';

describe('list paging', () => {
  it('asks for 20 rows a page and leaves an empty search out', () => {
    expect(pageQuery({ page: 2, q: '' })).toEqual({ page: 2, page_size: 20, q: null });
    expect(pageQuery({ page: 1, q: 'pvr' })).toEqual({ page: 1, page_size: 20, q: 'pvr' });
    expect(pageQuery({ page: 1, q: '' }, 100)).toEqual({ page: 1, page_size: 100, q: null });
  });

  it('asks for 8 rows a page on a phone (under 600 px), 20 on a wider screen', () => {
    const widths: string[] = [];
    const screenOf = (width: number) =>
      vi.fn((query: string) => {
        widths.push(query);
        const max = Number(/max-width: ([\d.]+)rem/.exec(query)?.[1]) * 16;
        return { matches: width <= max } as MediaQueryList;
      });
    vi.stubGlobal('matchMedia', screenOf(360));
    expect(pageQuery({ page: 1, q: '' })).toEqual({ page: 1, page_size: 8, q: null });
    vi.stubGlobal('matchMedia', screenOf(600));
    expect(pageQuery({ page: 1, q: '' }).page_size).toBe(8);
    vi.stubGlobal('matchMedia', screenOf(601));
    expect(pageQuery({ page: 1, q: '' }).page_size).toBe(20);
    vi.stubGlobal('matchMedia', screenOf(1280));
    expect(pageQuery({ page: 1, q: '' }).page_size).toBe(20);
    vi.unstubAllGlobals();
    expect(widths).toContain('(max-width: 37.5rem)');
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
