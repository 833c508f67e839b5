import type { Show } from '@cinema/api-client';
import {
  Button,
  Card,
  CardGrid,
  formatDate,
  formatRupees,
  formatTimeRange,
  Pagination,
  StatusBadge,
  Tabs,
  withQuery,
} from '@cinema/ui';
import { useId } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { LoadedList } from '../../components/LoadedList';
import { useShows } from './api/getShows';
import styles from './ShowList.module.css';
import { dayLabel, fullness, localDay, pagesOf, showDates, showtimesOn } from './showtimes';

export interface ShowListProps {
  /** Only this movie's shows; null for all. */
  movieId?: number | null;
}

/**
 * Upcoming shows as a picker: a strip of the days that have shows (the first, or `?date=`,
 * chosen), and for that day each movie with its theaters and their times, each with 'View Seats',
 * in pages of whole movies (`?page=`). A day and a page at a time keep the page a few screens
 * long on a phone, where the whole list was dozens.
 */
export function ShowList({ movieId = null }: ShowListProps) {
  const shows = useShows({ movie: movieId });
  return (
    <LoadedList
      query={shows}
      loadingLabel="Loading shows..."
      loadingLines={5}
      errorMessage="Error loading shows"
      emptyMessage="No shows found."
    >
      {(items) => <DayPicker shows={items} />}
    </LoadedList>
  );
}

function DayPicker({ shows }: { shows: Show[] }) {
  const [params, setParams] = useSearchParams();
  const { state } = useLocation();
  const dates = showDates(shows);
  const requested = params.get('date');
  const chosen = requested && dates.includes(requested) ? requested : (dates[0] as string);
  const pages = pagesOf(showtimesOn(shows, chosen));
  const page = Math.min(Math.max(Number(params.get('page')) || 1, 1), pages.length);
  const today = localDay(new Date());
  // Replace, and keep the movie chosen through navigation state: a day is a view, not a page.
  const goTo = (date: string, pageNumber: number) => {
    const next = new URLSearchParams(params);
    next.set('date', date);
    if (pageNumber > 1) next.set('page', String(pageNumber));
    else next.delete('page');
    setParams(next, { replace: true, state });
  };
  return (
    <Tabs
      label="Show dates"
      strip
      tabs={dates.map((date) => {
        const label = dayLabel(date, today);
        return {
          id: date,
          label: (
            <span className={styles.day}>
              <span>{label.day}</span>
              <span className={styles.dayDate}>{label.date}</span>
            </span>
          ),
        };
      })}
      selectedId={chosen}
      onSelect={(date) => goTo(date, 1)}
    >
      <p className={styles.dayHeading}>{formatDate(chosen)}</p>
      <CardGrid aria-label="Shows" className={styles.movies}>
        {(pages[page - 1] ?? []).map((movie) => (
          <li key={movie.movieId}>
            <MovieShowtimes movie={movie} />
          </li>
        ))}
      </CardGrid>
      {pages.length > 1 && (
        <Pagination
          label="Pages of the day's shows"
          page={page}
          pages={pages.length}
          onPage={(pageNumber) => goTo(chosen, pageNumber)}
        />
      )}
    </Tabs>
  );
}

function MovieShowtimes({ movie }: { movie: ReturnType<typeof showtimesOn>[number] }) {
  const headingId = useId();
  return (
    <Card heading={<span id={headingId}>{movie.movieName}</span>} headingLevel={2}>
      {movie.theaters.map((theater) => (
        <section key={theater.theaterId} className={styles.theater}>
          <h3 className={styles.theaterName}>{theater.theaterName}</h3>
          <ul className={styles.times}>
            {theater.shows.map((show) => (
              <li key={show.id}>
                <Showtime show={show} movieHeadingId={headingId} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Card>
  );
}

/** '₹100' when every seat costs the same, 'From ₹100' when some cost more. */
export function priceText(min?: number | null, max?: number | null): string | null {
  if (typeof min !== 'number') return null;
  return typeof max === 'number' && max > min ? `From ${formatRupees(min)}` : formatRupees(min);
}

/** One show of the day: its time, screen, seats and price, and 'View Seats'. */
function Showtime({ show, movieHeadingId }: { show: Show; movieHeadingId: string }) {
  const navigate = useNavigate();
  const timeId = useId();
  const price = priceText(show.min_price, show.max_price);
  const full = fullness(show);
  return (
    <div className={styles.showtime}>
      <p className={styles.time} id={timeId}>
        {formatTimeRange(show.start_time, show.end_time)}
        {show.screen_name ? ` · ${show.screen_name}` : ''}
        {full && (
          <>
            {' '}
            <StatusBadge tone={full === 'Sold out' ? 'muted' : 'positive'} mark="!">
              {full}
            </StatusBadge>
          </>
        )}
      </p>
      <p className={styles.seats}>
        Total {show.total_seats} · Booked {show.booked_seats} · Available {show.available_seats}
        {price ? ` · ${price}` : ''}
      </p>
      <Button
        size="small"
        className={styles.view}
        aria-describedby={`${movieHeadingId} ${timeId}`}
        onClick={() =>
          navigate(withQuery('/user/seat-layout', { show: show.id }), {
            state: { showId: show.id },
          })
        }
      >
        View Seats
      </Button>
    </div>
  );
}
