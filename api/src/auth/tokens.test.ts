import assert from 'node:assert/strict';
import { SignJWT } from 'jose';
import { randomSecret } from '../config.ts';
import { signAccessToken, TOKEN_AUDIENCE, TOKEN_ISSUER, verifyAccessToken } from './tokens.ts';

const user = { id: 7, username: 'ana', email: 'ana@example.com', role: 'user' as const };
const SID = '0b7c2a4e-8f3d-4c1a-9e2b-5d6f7a8b9c0d';

Deno.test('a verified access token is remembered, yet still expires on the second', async () => {
  const config = { jwtSecret: randomSecret(), accessTokenTtlSeconds: 60 };
  const issued = new Date('2026-03-01T10:00:00Z');
  const token = await signAccessToken(config, user, SID, issued);
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
  const token = await signAccessToken(config, user, SID, now);
  assert.ok(await verifyAccessToken(config, token, now));
  assert.equal(await verifyAccessToken({ jwtSecret: randomSecret() }, token, now), null);
});

Deno.test('an access token names its session, and one without a session id is not valid', async () => {
  const config = { jwtSecret: randomSecret(), accessTokenTtlSeconds: 60 };
  const now = new Date('2026-03-01T10:00:00Z');
  const claims = await verifyAccessToken(
    config,
    await signAccessToken(config, user, SID, now),
    now,
  );
  assert.equal(claims?.sid, SID);
  await assert.rejects(() => signAccessToken(config, user, 'not-a-session', now));

  const iat = Math.floor(now.getTime() / 1000);
  for (const sid of [undefined, 'not-a-uuid', SID.toUpperCase(), 42]) {
    const token = await new SignJWT({
      typ: 'access',
      user_id: 7,
      ...(sid === undefined ? {} : { sid }),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('7')
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 60)
      .sign(new TextEncoder().encode(config.jwtSecret));
    assert.equal(await verifyAccessToken(config, token, now), null, String(sid));
  }
});
