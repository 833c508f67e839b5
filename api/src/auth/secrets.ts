// Random secrets and their digests: refresh tokens, one-time codes and the tokens that bind a
// verified code to the client that verified it.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const CODE_LENGTH = 6;
const CODE_SPACE = 10 ** CODE_LENGTH;
// The largest multiple of 10^6 below 2^32: values at or above it are redrawn, so every code is
// equally likely (a plain `% 10^6` would favour the low ones).
const UNBIASED_LIMIT = Math.floor(2 ** 32 / CODE_SPACE) * CODE_SPACE;

/** Six decimal digits from the system's cryptographic generator, uniformly distributed. */
export function generateCode(
  random: (buf: Uint32Array) => Uint32Array = (b) => crypto.getRandomValues(b),
): string {
  const buf = new Uint32Array(1);
  for (;;) {
    const value = random(buf)[0] as number;
    if (value < UNBIASED_LIMIT) return String(value % CODE_SPACE).padStart(CODE_LENGTH, '0');
  }
}

/**
 * What is stored for a code: an HMAC keyed with the server secret and bound to the address and
 * purpose, so a leaked table cannot be brute-forced (10^6 codes) without the secret.
 */
export function hashCode(secret: string, purpose: string, email: string, code: string): string {
  return createHmac('sha256', secret).update(`${purpose}\0${email}\0${code}`).digest('hex');
}

export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** An opaque refresh token: 32 random bytes, base64url (43 characters). */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The single-use proof email/verify and otp/verify hand to the client that entered the right code,
 * so that only that client can sign up or reset the password: 32 random bytes, base64url.
 */
export function newFlowToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Refresh tokens are stored as their SHA-256 (they are random, so no salt or slow hash needed). */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * An HMAC-SHA256 under a key derived from `secret` for one purpose only (e.g. release report
 * tickets, preview links), so a value signed for one use is never valid for another; the
 * derived keys are computed once per secret.
 */
export function purposeMac(purpose: string): (secret: string, data: string) => Buffer {
  const keys = new Map<string, Buffer>();
  return (secret, data) => {
    let key = keys.get(secret);
    if (!key) {
      key = createHmac('sha256', secret).update(purpose).digest();
      keys.set(secret, key);
    }
    return createHmac('sha256', key).update(data).digest();
  };
}
