import assert from 'node:assert/strict';
import { drainable } from './drain.ts';

/** An app whose health check is under way until `release()` is called. */
function slowHealthApp() {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const fetch = async (request: Request) => {
    const { pathname } = new URL(request.url);
    if (/^\/api\/health\/?$/.test(pathname)) {
      await gate;
      return Response.json({ status: 'ok', database: 'up', db: 'postgres' });
    }
    return Response.json({ path: pathname });
  };
  return { fetch, release };
}

Deno.test('before the drain, health and every other call are the app’s answers', async () => {
  const app = slowHealthApp();
  const drain = drainable(app.fetch);
  app.release();
  const health = await drain.fetch(new Request('http://api/api/health'), null);
  assert.equal(health.status, 200);
  assert.equal((await health.json()).status, 'ok');
  assert.equal(drain.draining, false);
});

Deno.test('once draining, health answers 503 at once, with or without the slash', async () => {
  const app = slowHealthApp(); // never released: the app is not even asked
  const drain = drainable(app.fetch);
  drain.start();
  assert.equal(drain.draining, true);
  for (const path of ['/api/health', '/api/health/', '/api/health?x=1']) {
    const res = await drain.fetch(new Request(`http://api${path}`), null);
    assert.equal(res.status, 503);
    assert.equal(res.headers.get('Content-Type'), 'application/json');
    assert.equal(res.headers.get('Cache-Control'), 'no-store');
    assert.deepEqual(await res.json(), {
      status: 'unavailable',
      detail: 'This API instance is shutting down.',
      error: 'This API instance is shutting down.',
      code: 'shutting_down',
    });
  }
});

Deno.test('a health check already under way when the drain starts answers 503', async () => {
  const app = slowHealthApp();
  const drain = drainable(app.fetch);
  const pending = drain.fetch(new Request('http://api/api/health'), null);
  drain.start();
  app.release();
  const res = await pending;
  assert.equal(res.status, 503);
  assert.equal((await res.json()).code, 'shutting_down');
});

Deno.test('while draining, every other request is still served', async () => {
  const app = slowHealthApp();
  const drain = drainable(app.fetch);
  drain.start();
  for (const path of ['/api/holds/', '/api/healthy', '/api/shows/1/health']) {
    const res = await drain.fetch(new Request(`http://api${path}`, { method: 'POST' }), null);
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { path });
  }
});
