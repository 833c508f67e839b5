// The shows resource, mounted at /api/shows: shows (and adding one), one show, its seat map.
import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { getShow } from './get-show.ts';
import { getShowSeatEvents } from './get-show-seat-events.ts';
import { getShowSeats } from './get-show-seats.ts';
import { getShows } from './get-shows.ts';
import { postShow } from './post-show.ts';

export const showsRoutes = new Hono<AppEnv>()
  .get('/', ...getShows)
  .post('/', ...postShow)
  .get('/:id', ...getShow)
  .get('/:id/seats', ...getShowSeats)
  .get('/:id/seats/events', ...getShowSeatEvents);
