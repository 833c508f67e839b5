import assert from 'node:assert/strict';
import { isCommonPassword } from './common-passwords.ts';
import { hashPassword, needsRehash, verifyDummyPassword, verifyPassword } from './passwords.ts';

Deno.test('passwords are hashed with argon2id at OWASP cost and verified', async () => {
  const hash = await hashPassword('Popcorn#Night7');
  assert.match(hash, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  assert.equal(await verifyPassword(hash, 'Popcorn#Night7'), true);
  assert.equal(await verifyPassword(hash, 'popcorn#night7'), false);
  assert.equal(await verifyPassword('not a hash', 'x'), false);
  assert.equal(needsRehash(hash), false);
  assert.equal(needsRehash('$argon2id$v=19$m=4096,t=3,p=1$abc$def'), true);
});

Deno.test('checking an unknown user costs about as much as checking a real password', async () => {
  const hash = await hashPassword('Popcorn#Night7');
  await verifyDummyPassword('warm-up'); // makes the dummy hash once
  const time = async (fn: () => Promise<unknown>) => {
    const runs: number[] = [];
    for (let i = 0; i < 5; i++) {
      const start = performance.now();
      await fn();
      runs.push(performance.now() - start);
    }
    return runs.sort((a, b) => a - b)[2] as number;
  };
  const real = await time(() => verifyPassword(hash, 'wrong-password'));
  const dummy = await time(() => verifyDummyPassword('wrong-password'));
  assert.equal(await verifyDummyPassword('not-a-real-password'), false);
  // Same algorithm and cost: the medians are close (loose bounds for a busy machine).
  assert.ok(dummy > real * 0.4 && dummy < real * 2.5, `real ${real} ms, dummy ${dummy} ms`);
});

Deno.test('the most common passwords are refused whatever their case', () => {
  for (const p of ['password', 'Password1', 'QWERTY123', '123456', 'iloveyou']) {
    assert.equal(isCommonPassword(p), true, p);
  }
  for (const p of ['Popcorn#Night7', 'Admin#2026', 'correct horse battery staple']) {
    assert.equal(isCommonPassword(p), false, p);
  }
});
