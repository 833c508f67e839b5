/** Claims of a JWT payload as far as the browser can read them. Never verified here: the server does that. */
export type JwtClaims = Record<string, unknown>;

/** Decodes the payload (middle part) of a JWT. Returns null for anything that is not a readable JWT. */
export function decodeJwt(token: string | null | undefined): JwtClaims | null {
  if (typeof token !== 'string') return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const claims: unknown = JSON.parse(base64UrlDecode(parts[1]));
    return isPlainObject(claims) ? claims : null;
  } catch {
    return null;
  }
}

/**
 * Seconds left before the token's `exp` claim, negative once expired.
 * Null when the token has no readable `exp` (then nobody can tell; the server decides).
 */
export function secondsUntilExpiry(
  token: string | null | undefined,
  nowMs: number = Date.now(),
): number | null {
  const exp = decodeJwt(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp - nowMs / 1000 : null;
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  // atob yields one char per byte; TextDecoder turns the bytes back into UTF-8 (names with accents).
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
