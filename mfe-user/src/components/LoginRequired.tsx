import { useSession } from '@cinema/auth';
import { buttonClassName, EmptyState } from '@cinema/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/**
 * Screens about the caller's own tickets and payments need a session; without one they say so
 * and link to login instead of failing with an error.
 */
export function LoginRequired({ children }: { children: ReactNode }) {
  const { isLoggedIn } = useSession();
  if (isLoggedIn) return children;
  return (
    <EmptyState message="Please log in to continue.">
      <Link to="/auth/login" className={buttonClassName()}>
        Login
      </Link>
    </EmptyState>
  );
}
