// The session as localStorage keeps it, readable without the store: the shell reads it before
// the shared libraries (zustand among them) have loaded, to ask for the release manifest early.
// Imported as `@cinema/auth/stored-session`, outside the package's shared singleton.
import type { RefreshMarker, Session, UserId } from './types';

/**
 * What the session keeps in place of the refresh token: the token itself lives in an HttpOnly
 * cookie that no script can read (docs/decisions/0028-refresh-token-in-an-httponly-cookie.md), so
 * the store only remembers that there is one. Not a secret.
 */
export const REFRESH_IN_COOKIE: RefreshMarker = 'in-httponly-cookie';

/** localStorage key of the persisted session; shared by the shell and every remote. */
export const AUTH_STORAGE_KEY = 'cinema-auth';

export const loggedOut: Session = { user: null, access: null, refresh: null };

/** Whatever is in storage (hand-edited, older shape, or removed) as a valid session or none. */
export function readSession(value: unknown): Session {
  if (typeof value !== 'object' || value === null) return loggedOut;
  const { user, access, refresh } = value as Partial<Record<keyof Session, unknown>>;
  if (typeof access !== 'string' || access === '') return loggedOut;
  return {
    user: typeof user === 'object' && user !== null ? (user as Session['user']) : null,
    access,
    // A refresh token stored by an older version is not kept (nor sent): the cookie replaces it,
    // and a session without one ends at its next refresh.
    refresh: typeof refresh === 'string' && refresh !== '' ? REFRESH_IN_COOKIE : null,
  };
}

/** The signed-in user's id as the session store has it, straight from storage; null if none. */
export function storedUserId(storage: Storage = localStorage): UserId | null {
  try {
    const stored: unknown = JSON.parse(storage.getItem(AUTH_STORAGE_KEY) ?? 'null');
    const state =
      typeof stored === 'object' && stored !== null && 'state' in stored ? stored.state : null;
    return readSession(state).user?.id ?? null;
  } catch {
    return null;
  }
}
