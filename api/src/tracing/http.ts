// The server span Deno opens for each request (named by its method alone) gets the route's
// template as its name and `http.route`, and the request's id: `POST /api/holds/:id/confirm/`,
// never a path with ids in it, so traces group by operation. Installed only when `tracingOn`.

import { trace } from '@opentelemetry/api';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { routeTemplate, UNMATCHED_ROUTE } from '../metrics/http.ts';

/** The attribute that carries the request's X-Request-Id (the access log's id). */
export const REQUEST_ID_ATTRIBUTE = 'http.request.id';

export const traceRequests: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  // None under app.request() (tests) or when a request arrives without Deno's span.
  const span = trace.getActiveSpan();
  if (!span) return;
  const route = routeTemplate(c);
  if (route !== UNMATCHED_ROUTE) {
    span.updateName(`${c.req.method} ${route}`);
    span.setAttribute('http.route', route);
  }
  const id = c.get('requestId');
  if (id) span.setAttribute(REQUEST_ID_ATTRIBUTE, id);
};
