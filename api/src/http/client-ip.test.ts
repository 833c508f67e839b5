import assert from 'node:assert/strict';
import { createTestApp } from '../testing/app.ts';
import { bareAddress, clientIpFrom, clientNetwork } from './client-ip.ts';

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

Deno.test('a client network is an IPv4 address, or the first bits of an IPv6 address', () => {
  assert.equal(clientNetwork('203.0.113.7', 64), '203.0.113.7');
  assert.equal(clientNetwork('::ffff:203.0.113.7', 64), '203.0.113.7');
  assert.equal(clientNetwork('2001:db8:1:2:aaaa::1', 64), '2001:db8:1:2:0:0:0:0/64');
  assert.equal(clientNetwork('[2001:DB8:1:2::ffff]', 64), '2001:db8:1:2:0:0:0:0/64');
  assert.equal(clientNetwork('2001:db8:1:3::1', 64), '2001:db8:1:3:0:0:0:0/64');
  assert.equal(clientNetwork('2001:db8:1:2::1', 48), '2001:db8:1:0:0:0:0:0/48');
  assert.equal(clientNetwork('unknown', 64), 'unknown');
});

Deno.test('a port, brackets, a zone and the IPv4-mapped form are not part of the client address', () => {
  const cases: [string, string][] = [
    ['198.51.100.7:40000', '198.51.100.7'],
    [' 198.51.100.7 ', '198.51.100.7'],
    ['[2001:db8::1]:443', '2001:db8::1'],
    ['[2001:DB8::1]', '2001:db8::1'],
    ['2001:db8::1', '2001:db8::1'],
    ['2001:db8:0:0:0:0:0:8000', '2001:db8:0:0:0:0:0:8000'],
    ['fe80::1%eth0', 'fe80::1'],
    ['::ffff:198.51.100.7', '198.51.100.7'],
    ['[::ffff:198.51.100.7]:8080', '198.51.100.7'],
    ['::ffff:c633:6407', '198.51.100.7'],
    ['::1', '::1'],
    ['unknown', 'unknown'],
  ];
  for (const [raw, address] of cases) assert.equal(bareAddress(raw), address, raw);
  // As a trusted proxy writes it, and as the connection reports it.
  assert.equal(clientIpFrom('6.6.6.6, 198.51.100.7:40000', '10.0.0.1', 1), '198.51.100.7');
  assert.equal(clientIpFrom('6.6.6.6, [2001:db8::1]:443', '10.0.0.1', 1), '2001:db8::1');
  assert.equal(clientIpFrom(undefined, '::ffff:10.0.0.1', 1), '10.0.0.1');
  assert.equal(clientNetwork('[2001:db8:1:2::1]:443', 64), '2001:db8:1:2:0:0:0:0/64');
});
