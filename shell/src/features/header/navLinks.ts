/** Header links per role, as the spec's "Shared header layout" table gives them. */
export type NavLink = { label: string; to: string };

const LINKS_BY_ROLE: Record<string, NavLink[]> = {
  user: [
    { label: 'Dashboard', to: '/user/dashboard' },
    { label: 'Theaters', to: '/user/theaters' },
    { label: 'Movies', to: '/user/movies' },
    { label: 'Shows', to: '/user/shows' },
    { label: 'My Tickets', to: '/user/my-tickets' },
  ],
  owner: [
    { label: 'Dashboard', to: '/owner/dashboard' },
    { label: 'Theaters', to: '/owner/theaters' },
    { label: 'Movies', to: '/owner/movies' },
    { label: 'Shows', to: '/owner/shows' },
    // Not in the spec's table: the door check-in
    // (docs/decisions/0015-ticket-codes-and-calendar-files-from-the-api.md).
    { label: 'Check-in', to: '/owner/checkin' },
    // Who may scan at the door for the owner (docs/decisions/0040-door-staff.md).
    { label: 'Door staff', to: '/owner/door-staff' },
  ],
  // Door staff see the check-in and nothing else (docs/decisions/0040-door-staff.md).
  door: [{ label: 'Check-in', to: '/owner/checkin' }],
  admin: [
    { label: 'Admin Panel', to: '/admin/adminpanel' },
    { label: 'Users', to: '/admin/users' },
    { label: 'Owners', to: '/admin/owners' },
    { label: 'Reports', to: '/reports' },
  ],
};

export const LOGGED_OUT_LINKS: NavLink[] = [
  { label: 'Login', to: '/auth/login' },
  { label: 'Signup', to: '/auth/signup' },
];

export function linksForRole(role: string | null | undefined): NavLink[] {
  return (role && LINKS_BY_ROLE[role]) || [];
}
