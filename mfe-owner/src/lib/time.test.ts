import { describe, expect, it } from 'vitest';
import { addMinutes, todayIso } from './time';

describe('addMinutes', () => {
  it('adds a movie length to a start time', () => {
    expect(addMinutes('18:00', 155)).toBe('20:35');
    expect(addMinutes('09:05', 60)).toBe('10:05');
    expect(addMinutes('18:00:00', 90)).toBe('19:30');
  });

  it('wraps past midnight', () => {
    expect(addMinutes('23:00', 90)).toBe('00:30');
  });

  it('gives null for something that is not a time', () => {
    expect(addMinutes('', 90)).toBeNull();
    expect(addMinutes('soon', 90)).toBeNull();
  });
});

describe('todayIso', () => {
  it('is the local calendar date', () => {
    expect(todayIso(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
