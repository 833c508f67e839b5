import { describe, expect, it, vi } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDateTimeRange,
  formatRupees,
  formatTime,
  formatTimeRange,
  plural,
  seatLabel,
  toNumber,
} from './format';

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
  it('shows a calendar date as that same day, with no comma before the year', () => {
    expect(formatDate('2025-11-21')).toBe('Fri, 21 Nov 2025');
    expect(formatDate('2026-11-05')).toBe('Thu, 5 Nov 2026');
  });

  it('returns input it cannot read unchanged', () => {
    expect(formatDate('soon')).toBe('soon');
  });
});

describe('formatTime', () => {
  it('shows HH:MM and HH:MM:SS on a 24-hour clock', () => {
    expect(formatTime('14:30')).toBe('14:30');
    expect(formatTime('09:05:00')).toBe('09:05');
    expect(formatTime('0:00')).toBe('00:00');
  });

  it('returns input it cannot read unchanged', () => {
    expect(formatTime('25:00')).toBe('25:00');
    expect(formatTime('noon')).toBe('noon');
  });
});

describe('formatTimeRange, formatDateTime and formatDateTimeRange', () => {
  it('joins a start and an end time with a dash', () => {
    expect(formatTimeRange('18:00', '20:35')).toBe('18:00 – 20:35');
  });

  it('writes a date and a time as the API writes a ticket: Wed, 25 Nov 2026 · 10:00', () => {
    expect(formatDateTime('2026-11-25', '10:00')).toBe('Wed, 25 Nov 2026 · 10:00');
    expect(formatDateTimeRange('2026-11-21', '18:00', '20:35')).toBe(
      'Sat, 21 Nov 2026 · 18:00 – 20:35',
    );
  });

  it('writes an instant in the local time zone the same way', () => {
    const instant = new Date(2026, 10, 25, 21, 7).toISOString();
    expect(formatDateTime(instant)).toBe('Wed, 25 Nov 2026 · 21:07');
    expect(formatDateTime('later')).toBe('later');
  });
});

describe('plural', () => {
  it('puts the noun in the number of the count', () => {
    expect(plural(1, 'row')).toBe('1 row');
    expect(plural(0, 'seat')).toBe('0 seats');
    expect(plural(12, 'seat')).toBe('12 seats');
    expect(plural(120000, 'ticket')).toBe('1,20,000 tickets');
    expect(plural(2, 'person', 'people')).toBe('2 people');
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

describe('the formatters', () => {
  it('are made on first use, not when a page loads the module (each costs a phone tens of ms)', async () => {
    const made: string[] = [];
    const counted = <T extends object>(name: string, formatter: T): T =>
      new Proxy(formatter, {
        construct(target, args) {
          made.push(name);
          return Reflect.construct(target as new (...a: unknown[]) => object, args);
        },
      });
    const { NumberFormat, DateTimeFormat } = Intl;
    Intl.NumberFormat = counted('NumberFormat', NumberFormat);
    Intl.DateTimeFormat = counted('DateTimeFormat', DateTimeFormat);
    try {
      vi.resetModules();
      const fresh = await import('./format');
      expect(made).toEqual([]);

      expect(fresh.formatRupees(250)).toBe('₹250');
      expect(fresh.formatRupees(300)).toBe('₹300');
      expect(made).toEqual(['NumberFormat']);
    } finally {
      Intl.NumberFormat = NumberFormat;
      Intl.DateTimeFormat = DateTimeFormat;
    }
  });
});
