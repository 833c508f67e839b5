// The posters resource, mounted at /api/posters: the images movies name (routes/movies/ sets them).
import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { getPoster } from './get-poster.ts';

export const postersRoutes = new Hono<AppEnv>().get('/:movie/:version/:file', ...getPoster);
