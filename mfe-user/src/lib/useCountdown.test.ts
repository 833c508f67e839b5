import { describe, expect, it } from 'vitest';
import { formatCountdown, secondsUntil } from './useCountdown';

describe('countdown', () => {
  it('counts whole seconds left, never below zero', () => {
    const now = Date.UTC(2030, 0, 1);
    expect(secondsUntil(new Date(now + 299_500).toISOString(), now)).toBe(300);
    expect(secondsUntil(new Date(now - 5000).toISOString(), now)).toBe(0);
    expect(secondsUntil('not a date', now)).toBe(0);
  });

  it('shows mm:ss', () => {
    expect(formatCountdown(299)).toBe('04:59');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(600)).toBe('10:00');
  });
});
