// The movies resource, mounted at /api/movies.
import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { getMovies } from './get-movies.ts';
import { postMovie } from './post-movie.ts';

export const moviesRoutes = new Hono<AppEnv>().get('/', ...getMovies).post('/', ...postMovie);
