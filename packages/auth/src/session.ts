import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { decodeJwt, type JwtClaims } from './jwt';
import { AUTH_STORAGE_KEY, loggedOut, REFRESH_IN_COOKIE, readSession } from './storedSession';
import type { LoginResponse, Session, SessionUser, UserId } from './types';

export { AUTH_STORAGE_KEY, REFRESH_IN_COOKIE };

export interface AuthState extends Session {
  login: (response: LoginResponse) => void;
  /** Stores a refreshed access token (the refresh token rotated in its cookie, out of reach). */
  setTokens: (access: string) => void;
  logout: () => void;
}

type KnownFields = Pick<SessionUser, 'id' | 'username' | 'email' | 'role'>;

/** Creates a session store bound to localStorage. Apps use the `useAuthStore` singleton below. */
export function createAuthStore() {
  const store = create<AuthState>()(
    persist(
      (set, get) => ({
        ...loggedOut,

        login: (response) => {
          if (typeof response.access !== 'string' || response.access === '') {
            throw new Error('The login response has no access token.');
          }
          const known: KnownFields = {
            id: toUserId(response.user?.id),
            username: nonEmptyString(response.user?.username),
            email: nonEmptyString(response.user?.email),
            role: nonEmptyString(response.user?.role) ?? nonEmptyString(response.role),
          };
          set({
            user: deriveUser(response.access, known),
            access: response.access,
            // The body's refresh token (the spec's, for API clients) is not kept: login also set
            // it in the HttpOnly cookie, which is what this browser refreshes with.
            refresh: nonEmptyString(response.refresh) === null ? null : REFRESH_IN_COOKIE,
          });
        },

        setTokens: (access) => {
          const previous = get();
          // What login told us (username, email, role) outlives the token it came with.
          const known: KnownFields = {
            id: previous.user?.id ?? null,
            username: previous.user?.username ?? null,
            email: previous.user?.email ?? null,
            role: previous.user?.role ?? null,
          };
          set({
            user: deriveUser(access, known),
            access,
            refresh: previous.refresh ?? REFRESH_IN_COOKIE,
          });
        },

        logout: () => set(loggedOut),
      }),
      {
        name: AUTH_STORAGE_KEY,
        storage: createJSONStorage(() => localStorage),
        partialize: ({ user, access, refresh }): Session => ({ user, access, refresh }),
        // Whatever is in storage (hand-edited, older shape, or removed) becomes a valid session or none.
        merge: (persisted, current) => ({ ...current, ...readSession(persisted) }),
      },
    ),
  );

  // Another tab logged in, out or refreshed: follow it, or this tab would keep an access token of
  // a session that ended, or refresh again what another tab just refreshed.
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key === AUTH_STORAGE_KEY || event.key === null) void store.persist.rehydrate();
    });
  }

  return store;
}

/** The one session store, shared by all apps as a Module Federation singleton. */
export const useAuthStore = createAuthStore();

function deriveUser(access: string, known: KnownFields): SessionUser | null {
  const claims: JwtClaims = decodeJwt(access) ?? {};
  const id = known.id ?? toUserId(claims.user_id) ?? toUserId(claims.sub);
  const user: SessionUser = {
    ...claims,
    user_id: id,
    id,
    username: known.username ?? nonEmptyString(claims.username),
    email: known.email ?? nonEmptyString(claims.email),
    role: known.role ?? nonEmptyString(claims.role),
    exp: typeof claims.exp === 'number' ? claims.exp : null,
  };
  const knowsAnything =
    Object.keys(claims).length > 0 || Object.values(known).some((v) => v !== null);
  return knowsAnything ? user : null;
}

function toUserId(value: unknown): UserId | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value !== '') {
    const asNumber = Number(value);
    return /^\d+$/.test(value) && Number.isSafeInteger(asNumber) ? asNumber : value;
  }
  return null;
}

function nonEmptyString(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
