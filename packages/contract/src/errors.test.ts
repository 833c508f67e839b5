import { describe, expect, it } from 'vitest';
import { ERROR_CODES, isErrorCode } from './index.js';

describe('the error codes', () => {
  it('say the status each code is sent with', () => {
    expect(ERROR_CODES.validation_error.status).toBe(400);
    expect(ERROR_CODES.not_authenticated.status).toBe(401);
    expect(ERROR_CODES.seats_unavailable.status).toBe(409);
    expect(ERROR_CODES.hold_expired.status).toBe(410);
    expect(ERROR_CODES.database_unavailable.status).toBe(503);
  });

  it('know the codes of the API and nothing else', () => {
    expect(isErrorCode('hold_already_confirmed')).toBe(true);
    expect(isErrorCode('hold_allready_confirmed')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(409)).toBe(false);
    expect(isErrorCode(null)).toBe(false);
  });
});
