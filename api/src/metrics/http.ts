// The request middleware of the metrics: every answer counted and timed under its route TEMPLATE
// (`/api/shows/:id/`), never its path, so the series stay bounded whatever the callers send.
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { Metrics } from './metrics.ts';

/** The label of a request that no route handles (an unknown path, a CORS preflight). */
export const UNMATCHED_ROUTE = 'unmatched';

// Anything else (a made-up method) is one label value too.
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

// `app.use` middleware is registered for every method ('ALL'); a route handler names its own.
// The first handler matched is the route, even when a middleware answered before it (a 401).
export function routeTemplate(c: Context): string {
  for (const route of matchedRoutes(c)) {
    if (route.method !== 'ALL') {
      // The trailing slash is optional (app.ts): one spelling, as the API documents its paths.
      return route.path.endsWith('/') ? route.path : `${route.path}/`;
    }
  }
  return UNMATCHED_ROUTE;
}

export function metricsMiddleware(metrics: Metrics): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const method = METHODS.has(c.req.method) ? c.req.method : 'other';
    metrics.request(method, routeTemplate(c), c.res.status, (performance.now() - started) / 1000);
  };
}
