import assert from 'node:assert/strict';
import { REPORT_TICKET_TTL_SECONDS } from './rules.ts';
import { reporterNetwork, reporterOf, signReportTicket, verifyReportTicket } from './tickets.ts';

const secret = { jwtSecret: 'a-test-secret-of-at-least-thirty-two-characters' };
const now = new Date('2026-03-01T10:00:00Z');

Deno.test('a reporter is an IPv4 address, or the /48 of an IPv6 address', () => {
  assert.equal(reporterNetwork('203.0.113.7'), '203.0.113.7');
  assert.equal(reporterNetwork('::ffff:203.0.113.7'), '203.0.113.7');
  assert.equal(reporterNetwork('::ffff:cb00:7107'), '203.0.113.7');
  assert.equal(reporterNetwork('2001:db8:abcd:12::1'), '2001:db8:abcd:0:0:0:0:0/48');
  assert.equal(reporterNetwork('[2001:DB8:ABCD:ffff:1:2:3:4]'), '2001:db8:abcd:0:0:0:0:0/48');
  assert.equal(reporterNetwork('fe80::1%eth0'), 'fe80:0:0:0:0:0:0:0/48');
  assert.equal(reporterNetwork('::1'), '0:0:0:0:0:0:0:0/48');
  assert.equal(reporterNetwork('64:ff9b::192.0.2.33'), '64:ff9b:0:0:0:0:0:0/48');
  // Whatever else the server was told is kept as it is (one reporter per odd value).
  assert.equal(reporterNetwork('unknown'), 'unknown');
  assert.equal(reporterNetwork('1:2:3'), '1:2:3');
  assert.equal(reporterNetwork('1::2::3'), '1::2::3');
});

Deno.test('one network is one reporter per release; releases do not share reporter ids', () => {
  const of = (ip: string, version = '1.0.0') => reporterOf(secret, ip, 'user', version);
  assert.equal(of('2001:db8:1:1::1'), of('2001:db8:1:ff00::2'));
  assert.notEqual(of('2001:db8:1::1'), of('2001:db8:2::1'));
  assert.notEqual(of('203.0.113.7'), of('203.0.113.8'));
  assert.notEqual(of('203.0.113.7'), of('203.0.113.7', '1.0.1'));
  assert.equal(of('203.0.113.7'), of('::ffff:203.0.113.7'));
});

Deno.test('a ticket is good until it expires, for its own remote, version and reporter', () => {
  const signed = signReportTicket(secret, {
    remote: 'user',
    version: '1.0.0',
    ip: '203.0.113.7',
    now,
  });
  assert.equal(signed.expires_at.getTime(), now.getTime() + REPORT_TICKET_TTL_SECONDS * 1000);
  const check = verifyReportTicket(secret, signed.value, now);
  assert.ok(check.ok);
  assert.equal(check.ticket.remote, 'user');
  assert.equal(check.ticket.version, '1.0.0');
  assert.equal(check.ticket.reporter, reporterOf(secret, '203.0.113.7', 'user', '1.0.0'));
  const almost = new Date(signed.expires_at.getTime() - 1000);
  assert.ok(verifyReportTicket(secret, signed.value, almost).ok);
  assert.deepEqual(verifyReportTicket(secret, signed.value, signed.expires_at), {
    ok: false,
    reason: 'expired',
  });
  // Another secret, or any change, and it is not valid.
  const other = { jwtSecret: `${secret.jwtSecret}!` };
  assert.deepEqual(verifyReportTicket(other, signed.value, now), { ok: false, reason: 'invalid' });
  for (const value of [
    `${signed.value}x`,
    `x${signed.value}`,
    signed.value.replace('.', '..'),
    '',
  ]) {
    assert.deepEqual(verifyReportTicket(secret, value, now), { ok: false, reason: 'invalid' });
  }
});
