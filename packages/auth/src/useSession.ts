import { useAuthStore } from './session';
import type { Role, SessionUser } from './types';

export interface SessionSummary {
  user: SessionUser | null;
  role: Role | null;
  isLoggedIn: boolean;
}

/** What most screens need: who is signed in, with which role. Re-renders only when those change. */
export function useSession(): SessionSummary {
  const user = useAuthStore((state) => state.user);
  const isLoggedIn = useAuthStore((state) => state.access !== null);
  return { user, role: user?.role ?? null, isLoggedIn };
}
