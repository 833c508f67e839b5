// PostgreSQL errors the API turns into answers, read the same way from postgres.js and PGlite.

/** The SQLSTATE of a database error (e.g. '23505'), or null for anything else. */
export function sqlState(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : null;
}

/** The constraint a database error names (postgres.js: constraint_name; PGlite: constraint). */
export function constraintName(error: unknown): string | null {
  const e = error as { constraint?: unknown; constraint_name?: unknown } | null;
  const name = e?.constraint_name ?? e?.constraint;
  return typeof name === 'string' ? name : null;
}

/** A unique violation (23505), optionally of one named index or constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (sqlState(error) !== '23505') return false;
  return constraint === undefined || constraintName(error) === constraint;
}

/**
 * A transaction PostgreSQL gave up on through no fault of the request (a deadlock between two
 * writers, or a serialization failure): running it again is safe and normally succeeds.
 */
export function isRetryable(error: unknown): boolean {
  const state = sqlState(error);
  return state === '40P01' || state === '40001';
}
