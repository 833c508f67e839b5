// Which item a screen is for, as the previous screen passed it: in navigation state (as the spec
// does) and in the query string too, so a reload or a shared link still works.
import { useLocation, useSearchParams } from 'react-router-dom';

/** A positive whole number from navigation state or a query parameter, else null. */
export function toId(value: unknown): number | null {
  const number = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number > 0 ? number : null;
}

/** `state[key]` when the state is an object that has it. */
export function readState(state: unknown, key: string): unknown {
  return typeof state === 'object' && state !== null
    ? (state as Record<string, unknown>)[key]
    : null;
}

/**
 * The id a screen was opened for: from the navigation state first (as the spec passes it), then
 * from the query string, so a reload or a shared link still works. Null when neither has one.
 */
export function useNavigationId(stateKey: string, queryParam: string): number | null {
  const { state } = useLocation();
  const [searchParams] = useSearchParams();
  return toId(readState(state, stateKey)) ?? toId(searchParams.get(queryParam));
}

/** `/user/shows` + `{ movie: 3 }` -> `/user/shows?movie=3`. */
export function withQuery(path: string, params: Record<string, number | string>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) search.set(name, String(value));
  return `${path}?${search.toString()}`;
}

/**
 * The tab a page shows, from `?tab=` (the first tab when it names none of them), and a way to
 * switch. Switching replaces the query string, so a list's page and search start afresh; the
 * first tab is left out of the URL unless `firstInUrl`. Reloads, shared links and Back keep it.
 */
export function useTabParam<Id extends string>(
  tabs: readonly [{ id: Id }, ...{ id: Id }[]],
  { firstInUrl = false }: { firstInUrl?: boolean } = {},
): [current: Id, select: (id: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const first = tabs[0].id;
  const current = tabs.find((tab) => tab.id === requested)?.id ?? first;
  const select = (id: string) => setSearchParams(id === first && !firstInUrl ? {} : { tab: id });
  return [current, select];
}
