import { Page, type SidebarItem, SidebarPanel, useTabParam } from '@cinema/ui';
import { MovieList } from '../../features/movies/MovieList';
import { TicketList } from '../../features/my-tickets/TicketList';
import { TheaterList } from '../../features/theaters/TheaterList';

const TABS = [
  { id: 'theaters', label: 'Theaters' },
  { id: 'movies', label: 'Movies' },
  { id: 'my-tickets', label: 'My Tickets' },
] as const satisfies readonly SidebarItem[];

/** A sidebar with Theaters (the default), Movies and My Tickets; the chosen list beside it. */
export function DashboardPage() {
  // The tab is in the URL, so a reload or Back keeps it.
  const [current, select] = useTabParam(TABS);

  return (
    <Page title="Dashboard">
      <SidebarPanel
        label="Dashboard sections"
        sections={TABS}
        currentId={current}
        onSelect={select}
      >
        {current === 'theaters' && <TheaterList headingLevel={3} />}
        {current === 'movies' && <MovieList headingLevel={3} />}
        {current === 'my-tickets' && <TicketList headingLevel={3} />}
      </SidebarPanel>
    </Page>
  );
}
