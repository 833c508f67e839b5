import { buttonClassName, Card, Page, type TabItem, Tabs, useTabParam } from '@cinema/ui';
import { Link } from 'react-router-dom';
import { BookingList } from '../../features/bookings/BookingList';
import { AddMovieForm } from '../../features/movies/AddMovieForm';
import { AddShowForm } from '../../features/shows/AddShowForm';
import { AddTheaterForm } from '../../features/theaters/AddTheaterForm';
import styles from './DashboardPage.module.css';

const TABS = [
  { id: 'add-theater', label: 'Add Theater' },
  { id: 'add-movie', label: 'Add Movie' },
  { id: 'add-show', label: 'Add Show' },
  { id: 'bookings', label: 'Bookings' },
] as const satisfies readonly TabItem[];

type TabId = (typeof TABS)[number]['id'];

/** `/owner/dashboard?tab=add-movie`: a tab of this page (the first one has no parameter). */
export function dashboardTab(id: TabId): string {
  return id === 'add-theater' ? '/owner/dashboard' : `/owner/dashboard?tab=${id}`;
}

const LINKS = [
  { to: '/owner/theaters', label: 'Your theaters' },
  { to: '/owner/movies', label: 'Your movies' },
  { to: '/owner/shows', label: 'Your shows' },
  { to: '/reports', label: 'Sales report' },
];

/** Tabs Add Theater (the default), Add Movie, Add Show and Bookings, with links to the lists. */
export function DashboardPage() {
  // The tab is in the URL, so a reload or Back keeps it; a list's page and search reset.
  const [current, select] = useTabParam(TABS);

  return (
    <Page title="Dashboard" intro={<p>Add theaters, movies and shows, and see who booked.</p>}>
      <nav aria-label="Owner pages" className={styles.links}>
        {LINKS.map((link) => (
          <Link
            key={link.to}
            to={link.to}
            className={buttonClassName({ variant: 'secondary', size: 'small' })}
          >
            {link.label}
          </Link>
        ))}
      </nav>
      <Card heading="Check-in at the door" headingLevel={2} className={styles.checkIn}>
        <p>Scan or type ticket codes for today’s shows and see who has come in.</p>
        <Link to="/owner/checkin" className={buttonClassName()}>
          Open Check-in
        </Link>
      </Card>
      <Tabs label="Dashboard sections" tabs={TABS} selectedId={current} onSelect={select}>
        {current === 'add-theater' && <AddTheaterForm />}
        {current === 'add-movie' && <AddMovieForm addTheaterHref={dashboardTab('add-theater')} />}
        {current === 'add-show' && (
          <AddShowForm
            addTheaterHref={dashboardTab('add-theater')}
            addMovieHref={dashboardTab('add-movie')}
          />
        )}
        {current === 'bookings' && <BookingList />}
      </Tabs>
    </Page>
  );
}
