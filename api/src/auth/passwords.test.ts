import assert from 'node:assert/strict';
import { isCommonPassword } from './common-passwords.ts';
import {
  dummyPasswordHash,
  hashPassword,
  needsRehash,
  verifyDummyPassword,
  verifyPassword,
} from './passwords.ts';

Deno.test('passwords are hashed with argon2id at OWASP cost and verified', async () => {
  const hash = await hashPassword('Popcorn#Night7');
  assert.match(hash, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  assert.equal(await verifyPassword(hash, 'Popcorn#Night7'), true);
  assert.equal(await verifyPassword(hash, 'popcorn#night7'), false);
  assert.equal(await verifyPassword('not a hash', 'x'), false);
  assert.equal(needsRehash(hash), false);
  assert.equal(needsRehash('$argon2id$v=19$m=4096,t=3,p=1$abc$def'), true);
});

// Not timed (a busy machine makes timings lie): the unknown user's check is the same argon2id
// verification, at the same cost, as a real one, which is what makes the times alike.
Deno.test('an unknown user is checked like a real password: argon2id at the same cost', async () => {
  const real = await hashPassword('Popcorn#Night7');
  const dummy = await dummyPasswordHash();
  const parameters = (hash: string) => hash.split('$').slice(1, 4).join('$');
  assert.equal(parameters(dummy), parameters(real));
  assert.equal(needsRehash(dummy), false);
  assert.equal(await verifyDummyPassword('not-a-real-password'), false);
  assert.equal(await verifyDummyPassword('wrong-password'), false);
});

Deno.test('the most common passwords are refused whatever their case', () => {
  for (const p of ['password', 'Password1', 'QWERTY123', '123456', 'iloveyou']) {
    assert.equal(isCommonPassword(p), true, p);
  }
  for (const p of ['Popcorn#Night7', 'Admin#2026', 'correct horse battery staple']) {
    assert.equal(isCommonPassword(p), false, p);
  }
});
