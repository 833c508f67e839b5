import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage, toApiError } from './errors';

describe('errorMessage', () => {
  const fallback = 'Login failed. Please check your credentials.';

  it('returns what the server said', () => {
    expect(errorMessage(toApiError(401, { detail: 'No active account found' }), fallback)).toBe(
      'No active account found',
    );
    expect(errorMessage(toApiError(400, { error: 'User not found' }), fallback)).toBe(
      'User not found',
    );
  });

  it('returns the fallback when the server said nothing useful', () => {
    expect(errorMessage(toApiError(500, '<html></html>'), fallback)).toBe(fallback);
    expect(errorMessage(toApiError(400, { detail: '   ' }), fallback)).toBe(fallback);
  });

  it('returns the fallback for errors that are not ApiErrors', () => {
    expect(errorMessage(new TypeError('x is undefined'), fallback)).toBe(fallback);
    expect(errorMessage(undefined, fallback)).toBe(fallback);
  });

  it('says so when the network is down, since the fallback would blame the user', () => {
    const offline = new ApiError({
      status: 0,
      code: 'network_error',
      message: 'Network error. Please check your connection.',
    });
    expect(errorMessage(offline, fallback)).toBe('Network error. Please check your connection.');
  });
});

describe('toApiError', () => {
  it('reads field errors nested under error', () => {
    const error = toApiError(400, { error: { email: ['Enter a valid email.'] } });
    expect(error.message).toBe('Enter a valid email.');
    expect(error.fields).toEqual({ email: 'Enter a valid email.' });
  });

  it('reads a bare list of messages', () => {
    expect(toApiError(400, ['Seat already booked.']).message).toBe('Seat already booked.');
  });
});

describe('ApiError.code', () => {
  it('is a code of the contract, so a misspelled comparison does not compile', () => {
    const error = toApiError(409, { detail: 'Already paid.', code: 'hold_already_confirmed' });
    expect(error.code === 'hold_already_confirmed').toBe(true);
    // @ts-expect-error: there is no such code (packages/contract/src/errors.js)
    expect(error.code === 'hold_allready_confirmed').toBe(false);
  });

  it('keeps a code the contract does not know (a newer API) as sent, and is null without one', () => {
    const error = toApiError(503, { detail: 'Down', code: 'down' });
    expect(error.code as string).toBe('down');
    expect(toApiError(503, { detail: 'Down', code: 7 }).code).toBeNull();
  });
});
