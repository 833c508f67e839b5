import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { getHealth } from './get-health.ts';

export const healthRoutes = new Hono<AppEnv>().get('/', ...getHealth);
