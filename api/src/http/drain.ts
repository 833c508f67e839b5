// An API instance shutting down (main.ts, on SIGTERM or SIGINT) says so to load balancers at
// once: from the moment the drain starts, GET /api/health answers 503, even a check that was
// already under way, so no balancer keeps the instance in rotation on an 'ok' given after the
// signal. Every other request (in flight, or arriving on a connection still open) is served as
// usual while the server drains.
import { errorBody } from './errors.ts';

const HEALTH_PATH = /^\/api\/health\/?$/;

/** How long a stopping instance waits for what is in flight before it exits anyway. */
export const DRAIN_MS = 10_000;

export const SHUTTING_DOWN = 'This API instance is shutting down.';

export interface Drain<I> {
  /** The server's handler: the app's, but for the health check once draining. */
  fetch(request: Request, info: I): Promise<Response>;
  /** From now on the health check answers 503. */
  start(): void;
  readonly draining: boolean;
}

function shuttingDown(): Response {
  return new Response(
    JSON.stringify({ status: 'unavailable', ...errorBody(SHUTTING_DOWN, 'shutting_down') }),
    {
      status: 503,
      headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
    },
  );
}

export function drainable<I>(
  fetch: (request: Request, info: I) => Response | Promise<Response>,
): Drain<I> {
  let draining = false;
  const isHealth = (request: Request) => HEALTH_PATH.test(new URL(request.url).pathname);
  return {
    get draining() {
      return draining;
    },
    start() {
      draining = true;
    },
    async fetch(request, info) {
      if (draining && isHealth(request)) return shuttingDown();
      const response = await fetch(request, info);
      if (!draining || !isHealth(request)) return response;
      // Asked before the signal, answered after: the 'ok' is no longer true.
      await response.body?.cancel();
      return shuttingDown();
    },
  };
}
