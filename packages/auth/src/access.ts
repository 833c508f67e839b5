import type { Role } from './types';
import { useSession } from './useSession';

const HOME_BY_ROLE: Record<string, string> = {
  admin: '/admin/adminpanel',
  owner: '/owner/theaters',
  user: '/user/theaters',
  // Door staff only scan tickets (docs/decisions/0040-door-staff.md).
  door: '/owner/checkin',
};

/** Where a role lives: login lands there, and a wrong-area screen links there. Else the profile. */
export function homeForRole(role: Role | null | undefined): string {
  return (role && HOME_BY_ROLE[role]) || '/profile';
}

const ROLE_NAMES: Record<string, { one: string; many: string }> = {
  user: { one: 'a customer', many: 'customers' },
  owner: { one: 'a theater owner', many: 'theater owners' },
  admin: { one: 'an admin', many: 'admins' },
  door: { one: 'door staff', many: 'door staff' },
};

/** 'theater owners', 'admins and theater owners': who an area is for, in words. */
export function audienceOf(roles: readonly Role[]): string {
  const names = roles.map((role) => ROLE_NAMES[role]?.many ?? `${role} accounts`);
  return names.length > 1
    ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
    : (names[0] ?? '');
}

/** What a route shows the current visitor: the screen, a login prompt, or whose area this is. */
export type Access =
  | { status: 'allowed' }
  | {
      status: 'anonymous';
      /** The login page that comes back to a given path of this site afterwards. */
      loginPath: (returnTo: string) => string;
    }
  | {
      status: 'wrong-role';
      /** Who the area is for, e.g. 'theater owners'. */
      audience: string;
      /** Who the visitor is, e.g. 'a customer'; null for a role the product does not know. */
      signedInAs: string | null;
      /** The visitor's own home, e.g. '/user/theaters'. */
      home: string;
    };

/** The access a visitor with this session has to an area open to `allowed` roles. */
export function accessFor(
  session: { isLoggedIn: boolean; role: Role | null },
  allowed: readonly Role[],
): Access {
  if (!session.isLoggedIn) return { status: 'anonymous', loginPath: loginPathFor };
  if (session.role !== null && allowed.includes(session.role)) return { status: 'allowed' };
  return {
    status: 'wrong-role',
    audience: audienceOf(allowed),
    signedInAs: (session.role && ROLE_NAMES[session.role]?.one) ?? null,
    home: homeForRole(session.role),
  };
}

/** The current visitor's access to an area open to `allowed` roles; follows login and logout. */
export function useAccess(allowed: readonly Role[]): Access {
  const { isLoggedIn, role } = useSession();
  return accessFor({ isLoggedIn, role }, allowed);
}

/** The query parameter of /auth/login that names where to go back to after logging in. */
export const RETURN_PARAM = 'next';

/** '/auth/login?next=%2Fuser%2Fseat-layout%3Fshow%3D4': the login that comes back to `path`. */
export function loginPathFor(path: string): string {
  return `/auth/login?${new URLSearchParams({ [RETURN_PARAM]: path }).toString()}`;
}

// Screens a login must never go back to: they would undo the login or ask for it again.
const NO_RETURN = /^\/auth\/(login|logout|signup|token\/refresh)(\/|$|\?|#)/;

/**
 * The path to go back to after logging in, when `value` is a path on this site; null for
 * anything else (another origin, `//host`, `/\host`, a scheme, control characters, the login
 * itself), so the parameter can never be an open redirect.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > 2000) return null;
  // Browsers read '//x' and '/\x' as another host, and strip tabs and newlines before parsing.
  if (/^\/[/\\]/.test(value) || value.includes('\\') || hasControlCharacter(value)) return null;
  const base = 'https://return.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return NO_RETURN.test(path) ? null : path;
}

function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
