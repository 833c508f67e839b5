import { describe, expect, it } from 'vitest';
import { formatDate, formatRupees, formatTime } from './format';

// Browsers may put a narrow no-break space before am/pm; compare with plain spaces.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('formatRupees', () => {
  it('uses the rupee sign and Indian digit grouping', () => {
    expect(formatRupees(100000)).toBe('₹1,00,000');
    expect(formatRupees(1234567)).toBe('₹12,34,567');
    expect(formatRupees(300)).toBe('₹300');
  });

  it('shows paise only when there are some', () => {
    expect(formatRupees(99.5)).toBe('₹99.50');
  });
});

describe('formatDate', () => {
  it('shows a calendar date as that same day, readably', () => {
    expect(formatDate('2025-11-21')).toBe('Fri, 21 Nov, 2025');
  });

  it('returns input it cannot read unchanged', () => {
    expect(formatDate('soon')).toBe('soon');
  });
});

describe('formatTime', () => {
  it('shows HH:MM and HH:MM:SS on a 12-hour clock', () => {
    expect(plain(formatTime('14:30'))).toBe('2:30 pm');
    expect(plain(formatTime('09:05:00'))).toBe('9:05 am');
  });

  it('returns input it cannot read unchanged', () => {
    expect(formatTime('25:00')).toBe('25:00');
    expect(formatTime('noon')).toBe('noon');
  });
});
