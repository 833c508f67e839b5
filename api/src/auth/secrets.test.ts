import assert from 'node:assert/strict';
import { generateCode, hashCode, newRefreshToken, sameDigest, sha256Hex } from './secrets.ts';

Deno.test('codes are six digits, zero-padded', () => {
  for (let i = 0; i < 200; i++) assert.match(generateCode(), /^\d{6}$/);
  const fixed = (value: number) => (buf: Uint32Array) => {
    buf[0] = value;
    return buf;
  };
  assert.equal(generateCode(fixed(42)), '000042');
  assert.equal(generateCode(fixed(1_000_042)), '000042');
});

Deno.test('random values that would bias the codes are drawn again', () => {
  // 4294000000 is the largest multiple of 10^6 below 2^32: values from there up are rejected.
  const draws = [4_294_967_295, 4_294_000_000, 4_293_999_999];
  let calls = 0;
  const code = generateCode((buf) => {
    buf[0] = draws[calls++] as number;
    return buf;
  });
  assert.equal(calls, 3);
  assert.equal(code, '999999');
});

Deno.test('a code’s hash depends on the secret, the purpose and the address', () => {
  const base = hashCode('secret', 'signup', 'a@b.co', '123456');
  assert.match(base, /^[0-9a-f]{64}$/);
  assert.equal(hashCode('secret', 'signup', 'a@b.co', '123456'), base);
  for (const other of [
    hashCode('other', 'signup', 'a@b.co', '123456'),
    hashCode('secret', 'password_reset', 'a@b.co', '123456'),
    hashCode('secret', 'signup', 'c@b.co', '123456'),
    hashCode('secret', 'signup', 'a@b.co', '123457'),
  ]) {
    assert.notEqual(other, base);
    assert.equal(sameDigest(other, base), false);
  }
  assert.equal(sameDigest(base, base), true);
  assert.equal(sameDigest(base, base.slice(2)), false);
});

Deno.test('refresh tokens are 32 random bytes, stored as SHA-256', () => {
  const a = newRefreshToken();
  assert.match(a, /^[A-Za-z0-9_-]{43}$/);
  assert.notEqual(newRefreshToken(), a);
  assert.equal(
    sha256Hex('abc'),
    'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
  );
});
