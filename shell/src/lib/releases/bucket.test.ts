import { ANONYMOUS_ID_KEY, bucketKey, bucketOf, chooseRelease } from './bucket';

const stable = { version: '1.0.0-aaaa', entry: 'http://cdn/mfe-user/1.0.0-aaaa/remoteEntry.js' };
const canary = {
  version: '1.1.0-bbbb',
  entry: 'http://cdn/mfe-user/1.1.0-bbbb/remoteEntry.js',
  percent: 50,
};

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

describe('chooseRelease', () => {
  it('gives buckets under the percentage the canary and the rest the stable release', () => {
    expect(chooseRelease({ stable, canary }, 49)).toEqual({ release: canary, canary: true });
    expect(chooseRelease({ stable, canary }, 50)).toEqual({ release: stable, canary: false });
  });

  it('gives everyone the stable release when there is no canary', () => {
    expect(chooseRelease({ stable, canary: null }, 0)).toEqual({ release: stable, canary: false });
  });

  it('has nothing to choose when nothing is published', () => {
    expect(chooseRelease({ stable: null, canary: null }, 0)).toBeNull();
  });
});
