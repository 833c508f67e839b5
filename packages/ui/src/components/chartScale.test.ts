import { describe, expect, it } from 'vitest';
import { niceCeiling } from './chartScale';

describe('niceCeiling', () => {
  it('rounds the largest value up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceCeiling(63_400)).toBe(100_000);
    expect(niceCeiling(18_000)).toBe(20_000);
    expect(niceCeiling(2_100)).toBe(2_500);
    expect(niceCeiling(400)).toBe(500);
    expect(niceCeiling(100)).toBe(100);
    expect(niceCeiling(0.3)).toBe(0.5);
  });

  it('uses the fallback when there is nothing to scale', () => {
    expect(niceCeiling(0)).toBe(100);
    expect(niceCeiling(Number.NaN, 10)).toBe(10);
  });
});
