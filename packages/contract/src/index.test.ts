import { describe, expect, it } from 'vitest';
import { bucketOf, MAX_TICKETS, MIN_TICKETS, SEAT_PRICE, TICKET_COUNT } from './index.js';

describe('the contract', () => {
  it("holds the spec's ticket bounds, seat price and message, word for word", () => {
    expect([MIN_TICKETS, MAX_TICKETS]).toEqual([1, 10]);
    expect(SEAT_PRICE).toBe(100);
    expect(TICKET_COUNT).toBe('Please select between 1 and 10 tickets');
  });

  it('buckets a key from 0 to 99 and spreads keys evenly', () => {
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
    // Pinned: a change would move every browser to another bucket mid-rollout. The hashes were
    // computed apart from this code (32-bit FNV-1a: offset 0x811c9dc5, prime 0x01000193).
    expect(bucketOf('')).toBe(61); // 0x811c9dc5 % 100
    expect(bucketOf('a')).toBe(20); // 0xe40c292c % 100
    expect(bucketOf('user:1')).toBe(27); // 0x6d1a4acb % 100
    expect(bucketOf('user:42')).toBe(22); // 0x2f6b7b82 % 100
  });
});
