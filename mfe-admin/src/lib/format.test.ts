import { describe, expect, it } from 'vitest';
import { formatCount, formatPercent, formatResultCount, formatRupeesCompact } from './format';

// toNumber and seatLabel are tested with the rest of @cinema/ui's formatting, and the list paging
// (pageQuery, pageCount) in @cinema/ui's lists.test.tsx.
describe('format', () => {
  it('groups counts the Indian way and says result or results', () => {
    expect(formatCount(1234567)).toBe('12,34,567');
    expect(formatResultCount(0)).toBe('0 results');
    expect(formatResultCount(1)).toBe('1 result');
    expect(formatResultCount(1500)).toBe('1,500 results');
    // The API counts a long list up to 1,000 and says there is more.
    expect(formatResultCount(1001, false)).toBe('More than 1,000 results');
  });

  it('writes shares as percentages with at most one decimal', () => {
    expect(formatPercent(0.425)).toMatch(/^42\.[56]%$/);
    expect(formatPercent(1)).toBe('100%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(Number.NaN)).toBe('0%');
  });

  it('shortens axis amounts in rupees', () => {
    expect(formatRupeesCompact(0)).toBe('₹0');
    expect(formatRupeesCompact(2_500)).toBe('₹2.5K');
    expect(formatRupeesCompact(100_000)).toBe('₹1L');
  });
});
