/**
 * From the spec's error catalogue, 'Failed to load your theaters/movies/shows', said of the one
 * list that failed: 'Failed to load your shows', where that list would be.
 */
export function ownListError(list: 'theaters' | 'movies' | 'shows'): string {
  return `Failed to load your ${list}`;
}
