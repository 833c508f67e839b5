import { Page, type SidebarItem, SidebarPanel, useTabParam } from '@cinema/ui';
import type { ComponentType } from 'react';
import { AuditLog } from '../../features/audit/AuditLog';
import { BookingList } from '../../features/bookings/BookingList';
import { EmailQueuePanel } from '../../features/email-queue/EmailQueuePanel';
import { MovieList } from '../../features/movies/MovieList';
import { OwnerList } from '../../features/owners/OwnerList';
import { ReleasesList } from '../../features/releases/ReleasesList';
import { ShowList } from '../../features/shows/ShowList';
import { TheaterList } from '../../features/theaters/TheaterList';
import { UserList } from '../../features/users/UserList';

const TABS = [
  { id: 'theaters', label: 'Theaters' },
  { id: 'movies', label: 'Movies' },
  { id: 'shows', label: 'Shows' },
  { id: 'bookings', label: 'Bookings' },
  { id: 'owners', label: 'Owners' },
  { id: 'users', label: 'Users' },
  { id: 'releases', label: 'Releases' },
  { id: 'emails', label: 'Emails' },
  { id: 'audit', label: 'Audit log' },
] as const satisfies readonly SidebarItem[];

type TabId = (typeof TABS)[number]['id'];

const LISTS: Record<TabId, ComponentType> = {
  theaters: TheaterList,
  movies: MovieList,
  shows: ShowList,
  bookings: BookingList,
  owners: OwnerList,
  users: UserList,
  releases: ReleasesList,
  emails: EmailQueuePanel,
  audit: AuditLog,
};

/**
 * A sidebar of the six lists, the releases, the email queue and the audit log (Theaters by
 * default), the chosen one beside it.
 */
export function AdminPanelPage() {
  // The tab is in the URL, so a reload, a shared link or Back keeps it.
  const [current, select] = useTabParam(TABS, { firstInUrl: true });
  const List = LISTS[current];

  return (
    <Page title="Admin Panel">
      <SidebarPanel
        label="Admin panel sections"
        sections={TABS}
        currentId={current}
        onSelect={select}
      >
        {/* Switching tabs clears page and search from the URL; keyed, the box empties too. */}
        <List key={current} />
      </SidebarPanel>
    </Page>
  );
}
