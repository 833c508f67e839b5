import assert from 'node:assert/strict';
import { Buffer } from 'node:buffer';
import { createHash } from 'node:crypto';
import { createTestApp } from '../testing/app.ts';
import { readScalarBundle } from './docs-page.ts';

Deno.test('the reference page names no other origin: its script comes from this API, pinned by hash', async () => {
  await using t = await createTestApp();
  const res = await t.app.request('/api/docs');
  assert.equal(res.status, 200);
  const html = await res.text();
  const csp = res.headers.get('Content-Security-Policy') ?? '';
  // No origin at all in the page's policy or markup: 'self' and hashes only.
  assert.doesNotMatch(csp, /https?:|\*|jsdelivr/);
  assert.doesNotMatch(html, /jsdelivr|https?:\/\//);
  assert.match(csp, /default-src 'none'/);
  assert.doesNotMatch(csp, /script-src[^;]*('unsafe|'self')/);

  const tag =
    /<script src="(\/api\/docs\/scalar\.[0-9a-f]{16}\.js)" integrity="(sha384-[^"]+)"/.exec(html);
  assert.ok(tag, 'the page loads the bundle from /api/docs/ with an integrity value');
  const [, src, integrity] = tag;
  assert.ok(csp.includes(`'${integrity}'`), 'the policy allows the bundle by that hash');

  const script = await t.app.request(src as string);
  assert.equal(script.status, 200);
  assert.match(script.headers.get('Content-Type') ?? '', /^text\/javascript/);
  assert.match(script.headers.get('Cache-Control') ?? '', /max-age=31536000, immutable/);
  const body = new Uint8Array(await script.arrayBuffer());
  // The bytes served are the pinned package's, and match what the page demands.
  assert.ok(Buffer.from(body).equals(Buffer.from(await readScalarBundle())));
  assert.equal(`sha384-${createHash('sha384').update(body).digest('base64')}`, integrity);
  assert.ok(body.length > 1_000_000, `the standalone bundle (${body.length} bytes)`);
});

Deno.test('no other file is served under /api/docs/', async () => {
  await using t = await createTestApp();
  for (const path of ['/api/docs/scalar.js', '/api/docs/..%2fpackage.json', '/api/docs/x']) {
    const res = await t.app.request(path);
    assert.equal(res.status, 404, path);
    assert.equal((await res.json()).code, 'not_found');
  }
});
