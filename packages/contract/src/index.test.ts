import { describe, expect, it } from 'vitest';
import { bucketOf, MAX_TICKETS, MIN_TICKETS, TICKET_COUNT } from './index.js';

describe('the contract', () => {
  it('words the ticket bounds from the bounds themselves', () => {
    expect(TICKET_COUNT).toBe(`Please select between ${MIN_TICKETS} and ${MAX_TICKETS} tickets`);
    expect(TICKET_COUNT).toBe('Please select between 1 and 10 tickets');
  });

  it('buckets a key the same way every time, from 0 to 99, and spreads keys evenly', () => {
    expect(bucketOf('user:1')).toBe(bucketOf('user:1'));
    const counts = new Array(10).fill(0);
    for (let i = 0; i < 10_000; i++) {
      const bucket = bucketOf(`anonymous:${i}`);
      expect(bucket).toBeGreaterThanOrEqual(0);
      expect(bucket).toBeLessThan(100);
      counts[Math.floor(bucket / 10)]++;
    }
    for (const n of counts) expect(n).toBeGreaterThan(800);
  });

  it('keeps the FNV-1a values the shell has always computed', () => {
    // Pinned: a change would move every browser to another bucket mid-rollout.
    expect(bucketOf('')).toBe(2166136261 % 100);
    expect(bucketOf('a')).toBe(0xe40c292c % 100);
  });
});
