import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useListParams } from './listParams';

/** The hook at `url`, with the search the router is at after each change. */
function renderAt(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(() => ({ params: useListParams(), search: useLocation().search }), { wrapper });
}

describe('useListParams', () => {
  it('reads the page and the trimmed search from the URL', () => {
    const { result } = renderAt('/list?tab=users&page=3&q=%20pvr%20');
    expect(result.current.params.page).toBe(3);
    expect(result.current.params.q).toBe('pvr');
  });

  it.each(['', '?page=0', '?page=-2', '?page=two', '?page=1.5', '?page=99999999999999999999'])(
    'starts at page 1 with no search for %s',
    (query) => {
      const { result } = renderAt(`/list${query}`);
      expect(result.current.params.page).toBe(1);
      expect(result.current.params.q).toBe('');
    },
  );

  it('writes the page, and a new search starting again at page 1, keeping other parameters', () => {
    const { result } = renderAt('/list?tab=users');

    act(() => result.current.params.setPage(2));
    expect(result.current.search).toBe('?tab=users&page=2');

    act(() => result.current.params.setQ('asha'));
    expect(result.current.search).toBe('?tab=users&q=asha');
    expect(result.current.params).toMatchObject({ page: 1, q: 'asha' });

    act(() => result.current.params.setPage(3));
    act(() => result.current.params.setQ(''));
    expect(result.current.search).toBe('?tab=users');
  });
});
