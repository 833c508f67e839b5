// Development helpers, mounted at /api/dev only outside production and without Resend.
import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { getOutbox } from './get-outbox.ts';

export const devRoutes = new Hono<AppEnv>().get('/outbox', ...getOutbox);
