import type { ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { buttonClassName } from './Button';
import { Page } from './Page';
import { EmptyState } from './States';

/**
 * What a route may show the current visitor, as `useAccess` from @cinema/auth decides it (this
 * package does not read the session itself; the shape is repeated here to keep it that way).
 */
export type AccessDecision =
  | { status: 'allowed' }
  | { status: 'anonymous'; loginPath: (returnTo: string) => string }
  | { status: 'wrong-role'; audience: string; signedInAs: string | null; home: string };

export interface AccessGateProps {
  access: AccessDecision;
  /** The heading a logged-out visitor reads, about what the area is for, e.g. 'Log in to book tickets'. */
  loginTitle: string;
  /** The protected screen; when left out, the matched child route (as a layout route). */
  children?: ReactNode;
}

/**
 * The one guard of every protected area: the screen for its roles, one login prompt that comes
 * back here for a logged-out visitor, and one screen saying whose area this is, with a link
 * home, for a signed-in visitor of another role. The server refuses them anyway (401/403); this
 * is what they see instead of a screen full of permission errors.
 */
export function AccessGate({ access, loginTitle, children }: AccessGateProps) {
  const { pathname, search, hash } = useLocation();
  if (access.status === 'allowed') return children ?? <Outlet />;
  if (access.status === 'anonymous') {
    return (
      <Page title={loginTitle}>
        <EmptyState message="Please log in to continue.">
          <Link to={access.loginPath(`${pathname}${search}${hash}`)} className={buttonClassName()}>
            Login
          </Link>
        </EmptyState>
      </Page>
    );
  }
  return (
    <Page title={`This area is for ${access.audience}`}>
      <EmptyState
        message={
          access.signedInAs
            ? `You are signed in as ${access.signedInAs}.`
            : 'Your account has no access to it.'
        }
      >
        <Link to={access.home} className={buttonClassName()}>
          Go to your home page
        </Link>
      </EmptyState>
    </Page>
  );
}
