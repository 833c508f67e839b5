import assert from 'node:assert/strict';
import { randomSecret } from '../config.ts';
import { signAccessToken, verifyAccessToken } from './tokens.ts';

const user = { id: 7, username: 'ana', email: 'ana@example.com', role: 'user' as const };

Deno.test('a verified access token is remembered, yet still expires on the second', async () => {
  const config = { jwtSecret: randomSecret(), accessTokenTtlSeconds: 60 };
  const issued = new Date('2026-03-01T10:00:00Z');
  const token = await signAccessToken(config, user, issued);
  const first = await verifyAccessToken(config, token, issued);
  assert.equal(first?.sub, '7');
  // The second check comes from memory: the same claims.
  assert.equal(await verifyAccessToken(config, token, new Date(issued.getTime() + 59_000)), first);
  assert.equal(await verifyAccessToken(config, token, new Date(issued.getTime() + 60_000)), null);
  // Moving back in time, as a test clock may, it is valid again, exactly as jose would say.
  assert.equal(await verifyAccessToken(config, token, issued), first);
});

Deno.test('a remembered token is not accepted under another secret', async () => {
  const config = { jwtSecret: randomSecret(), accessTokenTtlSeconds: 60 };
  const now = new Date('2026-03-01T10:00:00Z');
  const token = await signAccessToken(config, user, now);
  assert.ok(await verifyAccessToken(config, token, now));
  assert.equal(await verifyAccessToken({ jwtSecret: randomSecret() }, token, now), null);
});
