// The reports resource, mounted at /api/reports: the sales report.
import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { getReport } from './get-report.ts';

export const reportsRoutes = new Hono<AppEnv>().get('/', ...getReport);
