import assert from 'node:assert/strict';
import { createTestApp } from '../testing/app.ts';
import { clientIpFrom } from './client-ip.ts';

Deno.test('X-Forwarded-For is ignored unless a proxy is trusted', () => {
  assert.equal(clientIpFrom('1.2.3.4', '10.0.0.1', 0), '10.0.0.1');
  assert.equal(clientIpFrom(undefined, '10.0.0.1', 1), '10.0.0.1');
  assert.equal(clientIpFrom(undefined, null, 0), 'unknown');
});

Deno.test('behind N trusted proxies the client is the Nth address from the right', () => {
  // The client wrote "6.6.6.6" itself; the one proxy appended the address it saw.
  assert.equal(clientIpFrom('6.6.6.6, 1.2.3.4', '10.0.0.1', 1), '1.2.3.4');
  assert.equal(clientIpFrom('6.6.6.6, 1.2.3.4, 10.0.0.2', '10.0.0.1', 2), '1.2.3.4');
  assert.equal(clientIpFrom('1.2.3.4', '10.0.0.1', 3), '1.2.3.4');
  assert.equal(clientIpFrom(' , ', '10.0.0.1', 1), '10.0.0.1');
});

Deno.test('the app puts the client IP in c.var.clientIp from the connection or the trusted header', async () => {
  for (const [trustProxyHops, expected] of [
    [0, '192.0.2.1'],
    [1, '198.51.100.7'],
  ] as const) {
    await using t = await createTestApp({
      config: { trustProxyHops },
      connectionIp: () => '192.0.2.1',
    });
    t.app.get('/api/test/ip', (c) => c.json({ ip: c.var.clientIp }));
    const res = await t.app.request('/api/test/ip', {
      headers: { 'X-Forwarded-For': '203.0.113.9, 198.51.100.7' },
    });
    assert.deepEqual(await res.json(), { ip: expected });
  }
});
