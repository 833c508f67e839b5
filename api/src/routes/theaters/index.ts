// The theaters resource, mounted at /api/theaters.
import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { getTheaters } from './get-theaters.ts';
import { postTheater } from './post-theater.ts';

export const theatersRoutes = new Hono<AppEnv>().get('/', ...getTheaters).post('/', ...postTheater);
