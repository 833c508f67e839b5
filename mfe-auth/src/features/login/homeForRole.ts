import type { Role } from '@cinema/auth';

const HOME_BY_ROLE: Record<string, string> = {
  admin: '/admin/adminpanel',
  owner: '/owner/theaters',
  user: '/user/theaters',
};

/** Where a login lands, by role; any other or missing role lands on the profile. */
export function homeForRole(role: Role | null | undefined): string {
  return (role && HOME_BY_ROLE[role]) || '/profile';
}
