// Middleware: the request's id for the audit records its handler writes (rules.ts
// currentRequest), so no handler or release function has to pass it along.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { currentRequest } from './rules.ts';

export const auditScope: MiddlewareHandler<AppEnv> = (c, next) =>
  currentRequest.run(c.get('requestId'), next);
