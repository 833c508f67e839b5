// The seats resource, mounted at /api/seats (a show's seat map is GET /api/shows/{id}/seats/).
import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { patchSeat } from './patch-seat.ts';

export const seatsRoutes = new Hono<AppEnv>().patch('/:id', ...patchSeat);
