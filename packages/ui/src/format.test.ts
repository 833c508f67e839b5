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
    expect(formatDate('2026-02-31')).toBe('2026-02-31');
    expect(formatDate('2026-13-01')).toBe('2026-13-01');
  });

  it('takes a year as written, even a year under 100', () => {
    expect(formatDate('0099-03-01')).toBe('Sun, 1 Mar 99');
    expect(formatDate('0000-01-01')).toBe('Sat, 1 Jan 0');
    expect(formatDate('2028-02-29')).toBe('Tue, 29 Feb 2028');
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
  it('make no Intl formatter: the first one loads the locale data, tens of ms on a phone', async () => {
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
      expect(fresh.formatRupees(250.5)).toBe('₹250.50');
      expect(fresh.formatDateTime('2026-11-25', '10:00')).toBe('Wed, 25 Nov 2026 · 10:00');
      expect(fresh.formatDateTime(new Date(2026, 10, 25, 21, 7).toISOString())).toBe(
        'Wed, 25 Nov 2026 · 21:07',
      );
      expect(fresh.plural(120000, 'ticket')).toBe('1,20,000 tickets');
      expect(made).toEqual([]);
    } finally {
      Intl.NumberFormat = NumberFormat;
      Intl.DateTimeFormat = DateTimeFormat;
    }
  });

  // The writers replace Intl's en-IN formatters (decision 0020): what a screen showed before
  // must not change, to the paisa, the lakh comma and the 'Sept'.
  const rupees = new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    maximumFractionDigits: 0,
  });
  const rupeesAndPaise = new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const count = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

  /** Edge values, then a spread of magnitudes with and without paise, both signs. */
  function amounts(): number[] {
    const edges = [0, -0, 1, 999, 1000, 99999, 100000, 1e7, 1e12, 0.5, 1.005, 2.675, 99.995];
    const spread: number[] = [];
    let seed = 7;
    for (let i = 0; i < 1000; i++) {
      seed = (seed * 48271) % 2147483647;
      const magnitude = 10 ** (seed % 11);
      const value = (seed / 2147483647) * magnitude;
      spread.push(value, Math.round(value), Math.round(value * 100) / 100);
    }
    return [...edges, ...spread].flatMap((value) => [value, -value]);
  }

  it('write amounts and counts as Intl en-IN does: rupee sign, lakh grouping, rounding, sign', () => {
    for (const amount of [...amounts(), Number.NaN, Number.POSITIVE_INFINITY]) {
      const expected = Number.isInteger(amount)
        ? rupees.format(amount)
        : rupeesAndPaise.format(amount);
      expect(formatRupees(amount), String(amount)).toBe(expected);
      expect(plural(amount, 'seat').split(' ')[0], String(amount)).toBe(count.format(amount));
    }
    // Thousands of comparisons: CI runs this beside the API and browser suites on two cores,
    // where 5 s (the default) was once not enough.
  }, 30_000);

  it('write every day of ten years and every minute of a day as Intl en-IN does', () => {
    const parts = new Intl.DateTimeFormat('en-IN', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    });
    const clock = new Intl.DateTimeFormat('en-IN', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const value = (all: Intl.DateTimeFormatPart[], type: string) =>
      all.find((part) => part.type === type)?.value;
    for (let day = new Date(2024, 0, 1); day.getFullYear() < 2034; day.setDate(day.getDate() + 1)) {
      const p = parts.formatToParts(day);
      const iso = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
      expect(formatDate(iso)).toBe(
        `${value(p, 'weekday')}, ${value(p, 'day')} ${value(p, 'month')} ${value(p, 'year')}`,
      );
    }
    for (let minute = 0; minute < 24 * 60; minute++) {
      const at = new Date(2026, 0, 1, Math.floor(minute / 60), minute % 60);
      const p = clock.formatToParts(at);
      const hhmm = `${value(p, 'hour')}:${value(p, 'minute')}`;
      expect(formatTime(`${at.getHours()}:${String(at.getMinutes()).padStart(2, '0')}`)).toBe(hhmm);
    }
  });
});
