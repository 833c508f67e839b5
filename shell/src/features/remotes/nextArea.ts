import type { Role } from '@cinema/auth';
import type { RemoteName } from '@cinema/federation';
import { remoteForPath } from './areas';

const HOME_AREA: Record<string, RemoteName> = { user: 'user', owner: 'owner', admin: 'admin' };

/**
 * The area a person is most likely to open next, worth fetching while the page is idle: a signed-in
 * person's own area (where login and the header's links lead); for someone signed out, the
 * account area (login, signup), or from there the customers' area, where most logins land. Null
 * when that is the area already shown.
 */
export function nextLikelyArea(pathname: string, role: Role | null): RemoteName | null {
  const here = remoteForPath(pathname);
  const next = role ? (HOME_AREA[role] ?? null) : here === 'auth' ? 'user' : 'auth';
  return next === here ? null : next;
}
