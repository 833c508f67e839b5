import { describe, expect, it } from 'vitest';
import { addDays, defaultRange, everyDay, isIsoDate, MAX_CHART_DAYS, toIsoDate } from './dateRange';

describe('dateRange', () => {
  it('reads only real calendar days written YYYY-MM-DD', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-2-1')).toBe(false);
    expect(isIsoDate('yesterday')).toBe(false);
    expect(isIsoDate(null)).toBe(false);
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('defaults to the last 30 days to the next 30, around the local day', () => {
    expect(toIsoDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(defaultRange(new Date(2026, 10, 15, 8))).toEqual({
      from: '2026-10-16',
      to: '2026-12-15',
    });
  });

  it('fills the days without sales with zeros, in date order', () => {
    const days = everyDay('2026-11-01', '2026-11-04', [
      { date: '2026-11-03', tickets_sold: 2, cancellations: 0, revenue: 200 },
      { date: '2026-11-01', tickets_sold: 1, cancellations: 1, revenue: 100 },
    ]);
    expect(days.map((day) => [day.date, day.revenue])).toEqual([
      ['2026-11-01', 100],
      ['2026-11-02', 0],
      ['2026-11-03', 200],
      ['2026-11-04', 0],
    ]);
  });

  it("keeps the server's days for a reversed or very long range", () => {
    const sent = [{ date: '2026-11-03', tickets_sold: 2, cancellations: 0, revenue: 200 }];
    expect(everyDay('2026-11-05', '2026-11-01', sent)).toEqual(sent);
    expect(everyDay('2020-01-01', addDays('2020-01-01', MAX_CHART_DAYS), sent)).toEqual(sent);
    expect(everyDay('2020-01-01', addDays('2020-01-01', MAX_CHART_DAYS - 1), sent)).toHaveLength(
      MAX_CHART_DAYS,
    );
  });
});
