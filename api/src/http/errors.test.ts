import assert from 'node:assert/strict';
import { ApiError, conflict, errorBody, gone } from './errors.ts';

Deno.test('an error carries a code of the contract, with the status the contract gives it', () => {
  assert.throws(
    () => gone('Your seat hold has expired.', { code: 'hold_expired' }),
    (error: ApiError) => error.status === 410 && error.body.code === 'hold_expired',
  );
  assert.deepEqual(errorBody('Not found', 'not_found'), {
    detail: 'Not found',
    code: 'not_found',
    error: 'Not found',
  });
  // What does not compile, so never reaches a client (deno check):
  // @ts-expect-error: hold_expired is a 410, not a conflict
  assert.throws(() => conflict('Expired', { code: 'hold_expired' }));
  // @ts-expect-error: there is no such code (packages/contract/src/errors.js)
  assert.throws(() => conflict('Taken', { code: 'seats_unavailabel' }));
  // @ts-expect-error: nor here
  assert.ok(new ApiError(409, 'Taken', 'seat_takn'));
});
