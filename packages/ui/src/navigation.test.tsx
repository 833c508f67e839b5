import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { readState, toId, useNavigationId, useTabParam, withQuery } from './navigation';

function ShowId() {
  return <p>{String(useNavigationId('showId', 'show'))}</p>;
}

function renderAt(entry: { pathname: string; search?: string; state?: unknown }) {
  render(
    <MemoryRouter initialEntries={[entry]}>
      <ShowId />
    </MemoryRouter>,
  );
  return screen.getByRole('paragraph').textContent;
}

describe('toId and readState', () => {
  it('accept positive whole numbers, also as text, and nothing else', () => {
    expect(toId(5)).toBe(5);
    expect(toId(' 12 ')).toBe(12);
    expect(toId(0)).toBeNull();
    expect(toId('-3')).toBeNull();
    expect(toId('1.5')).toBeNull();
    expect(toId(null)).toBeNull();
  });

  it('readState reads a key of an object state', () => {
    expect(readState({ showId: 5 }, 'showId')).toBe(5);
    expect(readState(null, 'showId')).toBeNull();
    expect(readState('5', 'showId')).toBeNull();
  });
});

describe('useNavigationId', () => {
  it('takes the id from navigation state first, then from the query string', () => {
    expect(renderAt({ pathname: '/seats', search: '?show=9', state: { showId: 5 } })).toBe('5');
  });

  it('falls back to the query string, and is null without either', () => {
    expect(renderAt({ pathname: '/seats', search: '?show=9', state: { showId: 'x' } })).toBe('9');
  });

  it('is null without an id in either place', () => {
    expect(renderAt({ pathname: '/seats' })).toBe('null');
  });
});

describe('withQuery', () => {
  it('adds the parameters to the path', () => {
    expect(withQuery('/user/shows', { movie: 3 })).toBe('/user/shows?movie=3');
    expect(withQuery('/owner/seatlayout', { show: 5, q: 'a b' })).toBe(
      '/owner/seatlayout?show=5&q=a+b',
    );
  });
});

describe('useTabParam', () => {
  const TABS = [{ id: 'theaters' }, { id: 'movies' }] as const;

  function Tabs({ firstInUrl = false }: { firstInUrl?: boolean }) {
    const [current, select] = useTabParam(TABS, { firstInUrl });
    const { search } = useLocation();
    return (
      <>
        <p>{`${current} ${search}`}</p>
        {TABS.map((tab) => (
          <button key={tab.id} type="button" onClick={() => select(tab.id)}>
            {tab.id}
          </button>
        ))}
      </>
    );
  }

  function renderTabs(search: string, firstInUrl?: boolean) {
    render(
      <MemoryRouter initialEntries={[`/dashboard${search}`]}>
        <Tabs firstInUrl={firstInUrl} />
      </MemoryRouter>,
    );
    return userEvent.setup();
  }

  it('reads ?tab=, the first tab when it names none, and switching starts a fresh query', async () => {
    const user = renderTabs('?tab=nope&page=2');
    expect(screen.getByRole('paragraph')).toHaveTextContent('theaters ?tab=nope&page=2');

    await user.click(screen.getByRole('button', { name: 'movies' }));
    expect(screen.getByRole('paragraph')).toHaveTextContent('movies ?tab=movies');

    await user.click(screen.getByRole('button', { name: 'theaters' }));
    expect(screen.getByRole('paragraph').textContent).toBe('theaters ');
  });

  it('names the first tab in the URL too when asked', async () => {
    const user = renderTabs('?tab=movies', true);
    await user.click(screen.getByRole('button', { name: 'theaters' }));
    expect(screen.getByRole('paragraph')).toHaveTextContent('theaters ?tab=theaters');
  });
});
