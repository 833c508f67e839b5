import { REMOTE_NAMES, REMOTES, type RemoteName } from '@cinema/federation';

/** The remote that owns a URL path (`/auth/*` and `/profile` belong to auth, and so on). */
export function remoteForPath(pathname: string): RemoteName | null {
  for (const name of REMOTE_NAMES) {
    for (const route of REMOTES[name].routes) {
      const prefix = route.endsWith('/*') ? route.slice(0, -2) : route;
      if (pathname === prefix || pathname.startsWith(`${prefix}/`)) return name;
    }
  }
  return null;
}
