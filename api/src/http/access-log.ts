import type { Context, MiddlewareHandler } from 'hono';
import { type Logger, logValue } from '../logger.ts';
import { routeTemplate, UNMATCHED_ROUTE } from '../metrics/http.ts';
import type { AppEnv } from './context.ts';

/**
 * One line per request: method, path, status, duration and request id. The path is percent-decoded
 * and the id may come from the client: every value is escaped (logValue), so no request writes a
 * second line or a terminal escape. With LOG_FORMAT=json (logger.ts) the same line is an object
 * with the route template instead of the path (no ids, no query string), the status, the duration
 * in ms and the user's id once authentication knew it; never a header or a body, so no token,
 * code or password.
 */
export function accessLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const start = performance.now();
    await next();
    const ms = Math.round(performance.now() - start);
    const values = [c.req.method, c.req.path, c.res.status, `${ms}ms`, c.get('requestId')];
    // The template the metrics count it under (`/api/shows/:id/`), null for a path no route has.
    const template = routeTemplate(c);
    const route = template === UNMATCHED_ROUTE ? null : template;
    // Set by requireAuth / requireRole (auth.ts), or by the token check of the session routes.
    // c.get, not c.var: each read of c.var copies every variable.
    const vars = c as unknown as Context<{ Variables: { user?: { id: number }; userId?: number } }>;
    logger.info(values.map(logValue).join(' '), {
      // The JSON line's message names the route, not the path: the text line's is for a person.
      message: `${c.req.method} ${route ?? '(no route)'} ${c.res.status}`,
      request_id: c.get('requestId'),
      method: c.req.method,
      route,
      status: c.res.status,
      duration_ms: ms,
      user_id: vars.get('user')?.id ?? vars.get('userId') ?? null,
    });
  };
}
