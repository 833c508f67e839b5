import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTimeRange,
  formatRupees,
  formatTime,
  formatTimeRange,
  seatLabel,
  toNumber,
} from './format';

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

describe('formatTimeRange and formatDateTimeRange', () => {
  it('joins a start and an end time with a dash', () => {
    expect(plain(formatTimeRange('18:00', '20:35'))).toBe('6:00 pm – 8:35 pm');
  });

  it('puts the date before the times', () => {
    expect(plain(formatDateTimeRange('2026-11-21', '18:00', '20:35'))).toBe(
      `${formatDate('2026-11-21')}, 6:00 pm – 8:35 pm`,
    );
  });
});

describe('seatLabel', () => {
  it('labels a seat by row and column', () => {
    expect(seatLabel({ row: 'C', column: 12 })).toBe('C12');
  });
});

describe('toNumber', () => {
  it('reads numbers the API may send as strings', () => {
    expect(toNumber('1250.00')).toBe(1250);
    expect(toNumber(7)).toBe(7);
    expect(toNumber('n/a')).toBe(0);
    expect(toNumber(null)).toBe(0);
  });
});
