import { describe, expect, it } from 'vitest';
import { newIdempotencyKey } from './idempotencyKey';
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

describe('newIdempotencyKey', () => {
  it('makes a UUID v4 even where crypto.randomUUID is missing (plain http)', () => {
    const randomUUID = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(newIdempotencyKey()).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: randomUUID, configurable: true });
    }
  });
});
