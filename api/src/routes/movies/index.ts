// The movies resource, mounted at /api/movies.
import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { deleteMoviePoster } from './delete-movie-poster.ts';
import { getMovies } from './get-movies.ts';
import { postMovie } from './post-movie.ts';
import { putMoviePoster } from './put-movie-poster.ts';

export { POSTER_PATH } from './put-movie-poster.ts';

export const moviesRoutes = new Hono<AppEnv>()
  .get('/', ...getMovies)
  .post('/', ...postMovie)
  .put('/:id/poster', ...putMoviePoster)
  .delete('/:id/poster', ...deleteMoviePoster);
