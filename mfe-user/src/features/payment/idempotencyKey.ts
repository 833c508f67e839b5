/**
 * One Idempotency-Key per hold, kept in sessionStorage: a Pay Now retried after a network
 * failure (even after a reload) sends the same key, so the server books the seats only once.
 */
const PREFIX = 'cinema-user:confirm-key:';
const inMemory = new Map<number, string>();

/** A random UUID v4; crypto.randomUUID exists only on secure origins (https, localhost). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The key for paying this hold: the one made before, else a new one that is remembered. */
export function idempotencyKeyFor(holdId: number): string {
  const storageKey = `${PREFIX}${holdId}`;
  try {
    const stored = sessionStorage.getItem(storageKey);
    if (stored) return stored;
    const key = newIdempotencyKey();
    sessionStorage.setItem(storageKey, key);
    return key;
  } catch {
    // Storage refused (private mode, quota): keep it for this page's life at least.
    const key = inMemory.get(holdId) ?? newIdempotencyKey();
    inMemory.set(holdId, key);
    return key;
  }
}

/** Forgets the key once the hold is paid or gone. */
export function forgetIdempotencyKey(holdId: number): void {
  inMemory.delete(holdId);
  try {
    sessionStorage.removeItem(`${PREFIX}${holdId}`);
  } catch {
    // Nothing stored to forget.
  }
}
