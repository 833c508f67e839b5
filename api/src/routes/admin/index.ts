// The admin's operations resource, mounted at /api/admin: what an operator watches.
import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { getAudit } from './get-audit.ts';
import { getEmailQueue } from './get-email-queue.ts';

export const adminRoutes = new Hono<AppEnv>()
  .get('/email-queue', ...getEmailQueue)
  .get('/audit', ...getAudit);
