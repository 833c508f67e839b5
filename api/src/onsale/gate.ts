// The on-sale's gate on the paths that take seats (POST holds/, POST bookings/): nothing before
// a show's sales open, and on a high-demand show only with a valid admission token of this
// account for this show (docs/decisions/0031-on-sale-waiting-room.md). The show's sale settings
// come with the facts the caller reads anyway (booking/reads.ts findShowFacts): no read of its own.
import { z } from 'zod';
import type { Config } from '../config.ts';
import { ApiError } from '../http/errors.ts';
import { checkAdmissionToken } from './admission-token.ts';
import {
  ADMISSION_EXPIRED,
  ADMISSION_NOT_VALID,
  ADMISSION_REQUIRED,
  SALES_NOT_OPEN,
} from './rules.ts';
import type { SaleSettings } from './sql.ts';

/**
 * Throws 409 `sales_not_open` before the show's opening time, and on a high-demand show 403
 * `admission_required` (no token), `admission_not_valid` (forged, another show or account) or
 * `admission_expired` (the account's turn is over).
 */
export async function enforceAdmission(
  config: Pick<Config, 'jwtSecret'>,
  show: Pick<SaleSettings, 'sales_open_at' | 'high_demand'>,
  request: { showId: number; userId: number; token: string | null | undefined; now: Date },
): Promise<void> {
  const { showId, userId, token, now } = request;
  if (show.sales_open_at && show.sales_open_at > now) {
    throw new ApiError(409, SALES_NOT_OPEN, 'sales_not_open', {
      sales_open_at: show.sales_open_at,
    });
  }
  if (!show.high_demand) return;
  if (!token) throw new ApiError(403, ADMISSION_REQUIRED, 'admission_required');
  const check = await checkAdmissionToken(config, token, { userId, showId }, now);
  if (check === 'expired') throw new ApiError(403, ADMISSION_EXPIRED, 'admission_expired');
  if (check !== 'valid') throw new ApiError(403, ADMISSION_NOT_VALID, 'admission_not_valid');
}

/** The optional body field that carries the token (POST holds/ and POST bookings/). */
export const admissionTokenField = z
  .string({ error: 'admission_token must be a string.' })
  .min(1, 'admission_token is empty.')
  .max(2000, 'admission_token is too long.')
  .optional()
  .meta({
    description:
      'Required while the show is high-demand: the token GET onsale/{id}/line/ gives once admitted',
  });
