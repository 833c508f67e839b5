// The test app's check that the API answers as its OpenAPI document says (http/openapi.ts): every
// error answer's code is one the document lists for that operation and status, and every JSON
// success answer has a documented status and parses with the zod schema describe() documents.
// Any other answer fails the test that caused it, naming the route, so a code added to a handler
// without its declaration (or a renamed field) cannot pass unnoticed.

import type { z } from 'zod';
import type { App } from '../app.ts';
import { ANSWER_SCHEMA, codesOf, DESCRIBED, openApiDocument } from '../http/openapi.ts';
import { decodedText } from './compressed.ts';

type Responses = Record<string, { content?: unknown }>;
interface Operation {
  /** `GET /api/shows/{id}`, as the document names it. */
  name: string;
  pattern: RegExp;
  method: string;
  responses: Responses;
  /** status -> the zod schema of that success answer. */
  schemas: Map<string, z.ZodType>;
}

/** `/api/shows/:id` as OpenAPI writes it: `/api/shows/{id}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}').replace(/\/$/, '') || '/';

/** Documents are the same for apps with the same routes: built once per set of routes. */
const cache = new Map<string, Promise<Operation[]>>();

async function operationsOf(app: App): Promise<Operation[]> {
  const doc = (await openApiDocument(app)) as {
    paths: Record<string, Record<string, { responses?: Responses }>>;
  };
  const schemas = new Map<string, Map<string, z.ZodType>>();
  for (const route of app.routes) {
    const answers = (route.handler as { [DESCRIBED]?: Record<number, object> })[DESCRIBED];
    if (!answers) continue;
    const byStatus = new Map<string, z.ZodType>();
    for (const [status, value] of Object.entries(answers)) {
      const schema = (value as { [ANSWER_SCHEMA]?: z.ZodType })[ANSWER_SCHEMA];
      if (schema) byStatus.set(status, schema);
    }
    schemas.set(`${route.method} ${openApiPath(route.path)}`, byStatus);
  }
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => {
      const name = `${method.toUpperCase()} ${path}`;
      const pattern = new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}/?$`);
      const known = schemas.get(name) ?? new Map();
      return {
        name,
        pattern,
        method: method.toUpperCase(),
        responses: op.responses ?? {},
        schemas: known,
      };
    }),
  );
}

/** What is wrong with `res` as the answer to `req` (null: as documented). */
async function misfit(
  operations: Operation[],
  req: Request,
  res: Response,
): Promise<string | null> {
  const path = new URL(req.url).pathname;
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  const op = operations.find((o) => o.method === method && o.pattern.test(path));
  // No operation: the app's 404 for a path or method it does not serve.
  if (!op || !(res.headers.get('Content-Type') ?? '').includes('application/json')) return null;
  const status = String(res.status);
  const body = await decodedText(res.clone())
    .then((text) => JSON.parse(text))
    .catch(() => undefined);
  if (res.status >= 400) {
    const code = (body as { code?: unknown })?.code;
    // A bug's 500 is no answer to declare: the test that caused it fails on its own.
    if (code === 'internal') return null;
    const declared = codesOf(op.responses[status]?.content);
    if (declared.includes(code as never)) return null;
    return `${op.name} answered ${status} with code ${JSON.stringify(code)}, which its describe() does not declare (it declares ${declared.join(', ') || 'no code'} for ${status})`;
  }
  if (!op.responses[status]) return `${op.name} answered ${status}, which is not documented`;
  const schema = op.schemas.get(status);
  const parsed = schema?.safeParse(body);
  if (!parsed || parsed.success) return null;
  return `${op.name} answered ${status} not as documented: ${JSON.stringify(parsed.error.issues).slice(0, 600)}`;
}

/**
 * Makes `app` check each of its answers against its own document (app.request goes through
 * app.fetch, so both are checked): an undeclared answer throws where the test awaits it.
 */
export function checkAnswersAgainstDocument(app: App): void {
  const fetch = app.fetch;
  let operations: Promise<Operation[]> | null = null;
  app.fetch = async (request: Request, ...rest: unknown[]) => {
    const res = await (fetch as (r: Request, ...x: unknown[]) => Response | Promise<Response>)(
      request,
      ...rest,
    );
    if (!operations) {
      const key = app.routes.map((r) => `${r.method} ${r.path}`).join('\n');
      operations = cache.get(key) ?? operationsOf(app);
      cache.set(key, operations);
    }
    const wrong = await misfit(await operations, request, res);
    if (wrong) throw new Error(`Undeclared answer: ${wrong}`);
    return res;
  };
}
