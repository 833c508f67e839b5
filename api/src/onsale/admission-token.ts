// The admission token: proof that the line admitted this account to this show, until a time.
// An HS256 JWT signed with the access tokens' secret (config.jwtSecret) but with its own audience
// and type, so neither can pass for the other (auth/tokens.ts). Stateless: the hold path checks
// it without reading the line (docs/decisions/0031-on-sale-waiting-room.md).
import { errors, jwtVerify, SignJWT } from 'jose';
import { hmacKey, TOKEN_ISSUER } from '../auth/tokens.ts';
import type { Config } from '../config.ts';

export const ADMISSION_AUDIENCE = 'cinebook-admission';
export const ADMISSION_TOKEN_TYPE = 'admission';

export async function signAdmissionToken(
  config: Pick<Config, 'jwtSecret'>,
  admission: { userId: number; showId: number; until: Date },
  now: Date,
): Promise<string> {
  return await new SignJWT({ typ: ADMISSION_TOKEN_TYPE, show_id: admission.showId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(admission.userId))
    .setIssuer(TOKEN_ISSUER)
    .setAudience(ADMISSION_AUDIENCE)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(admission.until.getTime() / 1000))
    .sign(await hmacKey(config.jwtSecret));
}

export type AdmissionCheck = 'valid' | 'expired' | 'not_valid';

/**
 * Whether `token` admits `userId` to `showId` at `now`: 'expired' for a genuine token of this
 * account and show whose time is over, 'not_valid' for anything else (forged, another show or
 * account, an access token).
 */
export async function checkAdmissionToken(
  config: Pick<Config, 'jwtSecret'>,
  token: string,
  expected: { userId: number; showId: number },
  now: Date,
): Promise<AdmissionCheck> {
  let payload: Record<string, unknown>;
  try {
    // The signature first, expiry aside: an expired token of the right account and show is told
    // apart from a wrong one.
    ({ payload } = await jwtVerify(token, await hmacKey(config.jwtSecret), {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: ADMISSION_AUDIENCE,
      requiredClaims: ['sub', 'exp'],
      currentDate: new Date(0),
    }));
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) return 'not_valid';
    throw error;
  }
  if (payload.typ !== ADMISSION_TOKEN_TYPE) return 'not_valid';
  if (payload.sub !== String(expected.userId) || payload.show_id !== expected.showId) {
    return 'not_valid';
  }
  return (payload.exp as number) > Math.floor(now.getTime() / 1000) ? 'valid' : 'expired';
}
