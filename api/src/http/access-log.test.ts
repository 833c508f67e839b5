import assert from 'node:assert/strict';
import { createTestApp } from '../testing/app.ts';

Deno.test('a path with encoded control characters is logged on one line, escaped', async () => {
  await using t = await createTestApp({ config: { logRequests: true } });
  const forged = '/api/zz%0aGET%20/api/login%20200%201ms%20FORGED-LINE';
  for (const path of [
    forged,
    '/api/zz%0d%0aX',
    '/api/zz%1b[31mred%1b[0m',
    '/api/zz%c2%85nel%e2%80%a8ls%e2%80%a9ps%7fdel%00nul',
  ]) {
    const res = await t.app.request(path);
    await res.body?.cancel();
  }
  const lines = t.logger.infos.filter((line) => line.startsWith('GET /api/zz'));
  assert.equal(lines.length, 4);
  for (const line of lines) {
    // One line, nothing a terminal would act on.
    assert.doesNotMatch(line, /[\p{Cc}\u2028\u2029]/u, JSON.stringify(line));
  }
  assert.match(
    lines[0] ?? '',
    /^GET \/api\/zz\\nGET \/api\/login 200 1ms FORGED-LINE 404 \d+ms \S+$/,
  );
  assert.match(lines[1] ?? '', /^GET \/api\/zz\\r\\nX 404 /);
  assert.match(lines[2] ?? '', /^GET \/api\/zz\\x1b\[31mred\\x1b\[0m 404 /);
  assert.match(lines[3] ?? '', /^GET \/api\/zz\\x85nel\\u2028ls\\u2029ps\\x7fdel\\x00nul 404 /);
});
