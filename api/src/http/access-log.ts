import type { MiddlewareHandler } from 'hono';
import { type Logger, logValue } from '../logger.ts';
import type { AppEnv } from './context.ts';

/**
 * One line per request: method, path, status, duration and request id. The path is percent-decoded
 * and the id may come from the client: every value is escaped (logValue), so no request writes a
 * second line or a terminal escape.
 */
export function accessLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const start = performance.now();
    await next();
    const ms = Math.round(performance.now() - start);
    const values = [c.req.method, c.req.path, c.res.status, `${ms}ms`, c.get('requestId')];
    logger.info(values.map(logValue).join(' '));
  };
}
