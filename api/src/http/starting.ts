// What the API answers between taking its port and being ready (main.ts): the migrations and
// the database wait happen behind the port, so a balancer or `npm start` sees a 503 `starting`
// (Retry-After: 1) rather than a refused connection, and never mistakes another process's answer
// for this one's.
import { errorBody } from './errors.ts';

export const STARTING = 'This API instance is starting. Please try again in a moment.';

export function startingResponse(instanceId: string | null): Response {
  const body = {
    status: 'starting',
    ...(instanceId === null ? {} : { instance: instanceId }),
    ...errorBody(STARTING, 'starting'),
  };
  return Response.json(body, {
    status: 503,
    headers: { 'Retry-After': '1', 'Cache-Control': 'no-store' },
  });
}
