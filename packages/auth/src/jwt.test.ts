import { describe, expect, it } from 'vitest';
import { decodeJwt, secondsUntilExpiry } from './jwt';
import { makeJwt } from './test/makeJwt';

describe('decodeJwt', () => {
  it('reads the payload of a token, including non-ASCII text', () => {
    const token = makeJwt({ sub: '7', username: 'Zoë', exp: 1_900_000_000 });
    expect(decodeJwt(token)).toEqual({ sub: '7', username: 'Zoë', exp: 1_900_000_000 });
  });

  it.each([
    ['not a token', 'garbage'],
    ['an empty string', ''],
    ['bad base64', 'a.%%%.c'],
    ['a payload that is not JSON', `a.${Buffer.from('hello').toString('base64url')}.c`],
    ['a payload that is not an object', `a.${Buffer.from('[1,2]').toString('base64url')}.c`],
    ['null', null],
  ])('returns null for %s', (_name, token) => {
    expect(decodeJwt(token)).toBeNull();
  });
});

describe('secondsUntilExpiry', () => {
  it('counts the seconds left before exp, negative once expired', () => {
    const token = makeJwt({ exp: 1_000 });
    expect(secondsUntilExpiry(token, 970_000)).toBe(30);
    expect(secondsUntilExpiry(token, 1_005_000)).toBe(-5);
  });

  it('is null when the token has no readable exp', () => {
    expect(secondsUntilExpiry(makeJwt({ sub: '1' }), 0)).toBeNull();
    expect(secondsUntilExpiry('garbage', 0)).toBeNull();
  });
});
