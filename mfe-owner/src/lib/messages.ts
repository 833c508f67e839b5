/** From the spec's error catalogue: the one toast all three of the owner's lists show when they cannot be loaded. */
export const OWN_LIST_ERROR = 'Failed to load your theaters/movies/shows';
