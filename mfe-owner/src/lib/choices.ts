import { api, pageOf, type Screen } from '@cinema/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { moviesQueryKey, theaterScreensQueryKey, theatersQueryKey } from './queryKeys';

// The choices of the forms' selects. Adding a movie needs the owner's theaters and adding a show
// needs their movies too, so these live below the features that read them.

/** Most items a form's select offers (one call, the API's largest page). */
export const CHOICES_PAGE_SIZE = 100;

export function theaterChoicesQueryOptions() {
  return queryOptions({
    queryKey: [...theatersQueryKey, 'choices'],
    // GET theaters/: the caller's own theaters (the server scopes them).
    queryFn: ({ signal }) =>
      api
        .get('/api/theaters', {
          query: { page: 1, page_size: CHOICES_PAGE_SIZE },
          signal,
        })
        .then((body) => pageOf(body).results),
  });
}

/** The owner's theaters for a Theater select. */
export function useTheaterChoices() {
  return useQuery(theaterChoicesQueryOptions());
}

export function movieChoicesQueryOptions(theaterId: number) {
  return queryOptions({
    queryKey: [...moviesQueryKey, 'choices', theaterId],
    // GET movies/?theater=: the movies of one of the caller's theaters.
    queryFn: ({ signal }) =>
      api
        .get('/api/movies', {
          query: { page: 1, page_size: CHOICES_PAGE_SIZE, theater: theaterId },
          signal,
        })
        .then((body) => pageOf(body).results),
  });
}

/** The movies of one theater for a Movie select; nothing while no theater is chosen. */
export function useMovieChoices(theaterId: number | null) {
  return useQuery({ ...movieChoicesQueryOptions(theaterId ?? 0), enabled: theaterId !== null });
}

export function screenChoicesQueryOptions(theaterId: number) {
  return queryOptions({
    queryKey: theaterScreensQueryKey(theaterId),
    // GET screens/?theater=: the screens of one of the caller's theaters, first made first.
    queryFn: ({ signal }): Promise<Screen[]> =>
      api
        .get('/api/screens', { query: { theater: theaterId }, ...(signal ? { signal } : {}) })
        .then((body) => body.results),
  });
}

/** The screens of one theater (the Screens page, the add-show Screen select); nothing while none is chosen. */
export function useScreenChoices(theaterId: number | null) {
  return useQuery({ ...screenChoicesQueryOptions(theaterId ?? 0), enabled: theaterId !== null });
}
