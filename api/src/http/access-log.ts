import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../logger.ts';
import type { AppEnv } from './context.ts';

/** One line per request: method, path, status, duration and request id. */
export function accessLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const start = performance.now();
    await next();
    const ms = Math.round(performance.now() - start);
    logger.info(`${c.req.method} ${c.req.path} ${c.res.status} ${ms}ms ${c.get('requestId')}`);
  };
}
