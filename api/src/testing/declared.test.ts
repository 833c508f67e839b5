import assert from 'node:assert/strict';
import { Hono } from 'hono';
import { z } from 'zod';
import type { App } from '../app.ts';
import type { AppEnv } from '../http/context.ts';
import { ApiError, conflict, notFound, validate } from '../http/errors.ts';
import { answer, describe } from '../http/openapi.ts';
import { checkAnswersAgainstDocument } from './declared.ts';

/** A small app of one operation that declares `not_found` and answers {n: number}. */
function app(handler: (id: string) => unknown): App {
  const app = new Hono<AppEnv>();
  app.post(
    '/api/things/:id',
    describe({
      summary: 'A thing',
      tags: ['things'],
      answers: { 201: answer('The thing', z.object({ n: z.number() })) },
      errors: ['not_found'],
    }),
    validate('param', z.object({ id: z.string() })),
    (c) => c.json(handler(c.req.param('id')) as never, 201),
  );
  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json(err.body, err.status);
    return c.json({ detail: 'x', code: 'internal', error: 'x' }, 500);
  });
  checkAnswersAgainstDocument(app);
  return app;
}

const post = async (a: App, path: string) => await a.request(path, { method: 'POST' });

Deno.test('the test app lets through the answers its document declares', async () => {
  const a = app((id) => (id === '1' ? { n: 1 } : notFound()));
  assert.equal((await post(a, '/api/things/1')).status, 201);
  assert.equal((await post(a, '/api/things/2/')).status, 404);
  // Not an operation of the app: its 404 is no operation's answer.
  assert.equal((await post(a, '/api/nothing')).status, 404);
});

Deno.test('the test app fails an error answer whose code the operation does not declare', async () => {
  const a = app(() => conflict('The show has started.', { code: 'show_started' }));
  await assert.rejects(
    post(a, '/api/things/1'),
    /POST \/api\/things\/\{id\} answered 409 with code "show_started", which its describe\(\) does not declare/,
  );
});

Deno.test('the test app fails a success answer that is not what its schema says', async () => {
  await assert.rejects(
    post(
      app(() => ({ n: 'one' })),
      '/api/things/1',
    ),
    /POST \/api\/things\/\{id\} answered 201 not as documented/,
  );
});
