import { E2E_PORTS } from './ports';

/** A JSON request to the e2e API (`path` after /api/), as `access` when given. */
export function fetchApi(
  method: string,
  path: string,
  body?: unknown,
  access?: string,
): Promise<Response> {
  return fetch(`http://127.0.0.1:${E2E_PORTS.api}/api/${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(access ? { Authorization: `Bearer ${access}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
