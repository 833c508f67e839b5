import { ApiError, type ClientErrorCode, type ErrorCode } from '@cinema/api-client';
import { describe, expect, it } from 'vitest';
import { paymentOutcome } from './paymentOutcome';

/** A failure as the API client builds it from an answer `{detail, code}` (no detail: generic). */
function failure(
  status: number,
  code: ErrorCode | ClientErrorCode | null,
  detail?: string,
): ApiError {
  return new ApiError({
    status,
    code,
    message: detail ?? 'Something went wrong.',
    isGenericMessage: detail === undefined,
  });
}

const EXPIRED = 'Your seat hold has expired. Please select your seats again.';

describe('paymentOutcome', () => {
  it.each<[ErrorCode, number]>([
    ['hold_already_confirmed', 409],
    ['hold_released', 409],
  ])(
    'on %s (paid or let go elsewhere) toasts nothing, forgets the key and reloads the hold',
    (code, status) => {
      expect(paymentOutcome(failure(status, code, 'This hold is no longer payable.'))).toEqual({
        toast: null,
        forgetKey: true,
        refreshHold: true,
        expired: false,
      });
    },
  );

  it('on hold_expired toasts the server’s detail, forgets the key and shows the hold expired', () => {
    expect(paymentOutcome(failure(410, 'hold_expired', EXPIRED))).toEqual({
      toast: { message: EXPIRED },
      forgetKey: true,
      refreshHold: false,
      expired: true,
    });
  });

  it('on any 410 without a detail says the spec’s expired sentence', () => {
    expect(paymentOutcome(failure(410, null))).toEqual({
      toast: { message: EXPIRED },
      forgetKey: true,
      refreshHold: false,
      expired: true,
    });
  });

  it.each<[number, ErrorCode | null, string]>([
    [
      409,
      'seat_limit_reached',
      'One customer can have at most 10 seats of a show, held or booked.',
    ],
    [429, 'too_many_requests', 'Too many bookings. Please wait 1 minute and try again.'],
    [429, null, 'Slow down.'],
  ])('on %i %s toasts the server’s detail once and keeps the key', (status, code, detail) => {
    expect(paymentOutcome(failure(status, code, detail))).toEqual({
      toast: { message: detail, id: detail },
      forgetKey: false,
      refreshHold: false,
      expired: false,
    });
  });

  it('on a limit without a detail says Booking failed!', () => {
    expect(paymentOutcome(failure(429, null)).toast).toEqual({
      message: 'Booking failed!',
      id: 'Booking failed!',
    });
  });

  it.each([
    ['a 500', failure(500, 'internal', 'The server ran into a problem.')],
    ['a conflict of another kind', failure(409, 'seats_unavailable', 'Seats A1 are taken.')],
    ['no answer at all', failure(0, 'network_error', 'Network error.')],
    ['a thrown value that is no API error', new TypeError('Failed to fetch')],
  ])('on %s toasts Booking failed! once and keeps the key for a retry', (_name, error) => {
    expect(paymentOutcome(error)).toEqual({
      toast: { message: 'Booking failed!', id: 'booking-failed' },
      forgetKey: false,
      refreshHold: false,
      expired: false,
    });
  });
});
