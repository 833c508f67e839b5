import { ANONYMOUS_ID_KEY, bucketKey, bucketOf } from './bucket';

describe('bucketOf', () => {
  it('gives the same key the same bucket from 0 to 99', () => {
    for (const key of ['user:1', 'user:2', 'anonymous:x']) {
      const bucket = bucketOf(key);
      expect(bucket).toBeGreaterThanOrEqual(0);
      expect(bucket).toBeLessThan(100);
      expect(bucketOf(key)).toBe(bucket);
    }
  });

  it('spreads users evenly enough that a percentage means roughly that share', () => {
    const under = Array.from({ length: 10_000 }, (_, i) => bucketOf(`user:${i}`)).filter(
      (bucket) => bucket < 10,
    ).length;
    expect(under).toBeGreaterThan(800);
    expect(under).toBeLessThan(1200);
  });
});

describe('bucketKey', () => {
  it('uses the user id when logged in', () => {
    expect(bucketKey(42)).toBe('user:42');
  });

  it('keeps one anonymous id per browser', () => {
    const first = bucketKey(null);
    expect(first).toMatch(/^anonymous:/);
    expect(bucketKey(undefined)).toBe(first);
    expect(localStorage.getItem(ANONYMOUS_ID_KEY)).toBe(first.slice('anonymous:'.length));
  });
});
