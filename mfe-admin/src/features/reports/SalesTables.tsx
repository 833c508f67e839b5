import type {
  MovieSales,
  SalesFigures,
  SalesReport,
  ShowSales,
  TheaterSales,
} from '@cinema/api-client';
import {
  formatDate,
  formatRupees,
  formatTime,
  Table,
  type TableColumn,
  toNumber,
} from '@cinema/ui';
import { noWrap } from '../../components/noWrap';
import { formatCount, formatPercent } from '../../lib/format';
import { ReportSection } from './ReportSection';
import { ShowSalesTable } from './ShowSalesTable';

/** The figures every breakdown ends with. */
function figureColumns<Row extends SalesFigures>(): TableColumn<Row>[] {
  return [
    {
      id: 'tickets',
      header: 'Tickets sold',
      cell: (row) => formatCount(row.tickets_sold),
      align: 'end',
    },
    {
      id: 'cancellations',
      header: 'Cancellations',
      cell: (row) => formatCount(row.cancellations),
      align: 'end',
    },
    {
      id: 'revenue',
      header: 'Revenue',
      cell: (row) => formatRupees(toNumber(row.revenue)),
      align: 'end',
    },
    { id: 'capacity', header: 'Capacity', cell: (row) => formatCount(row.capacity), align: 'end' },
    {
      id: 'occupancy',
      header: 'Occupancy',
      cell: (row) => formatPercent(row.occupancy),
      align: 'end',
    },
    // Attendance at the door: tickets checked in, and live tickets of started shows that were not.
    {
      id: 'checked-in',
      header: 'Checked in',
      cell: (row) => formatCount(row.checked_in),
      align: 'end',
    },
    { id: 'no-shows', header: 'No-shows', cell: (row) => formatCount(row.no_shows), align: 'end' },
  ];
}

const showsColumn = {
  id: 'shows',
  header: 'Shows',
  cell: (row: { shows: number }) => formatCount(row.shows),
  align: 'end',
} as const;

const THEATER_COLUMNS = noWrap<TheaterSales>([
  { id: 'theater', header: 'Theater', cell: (row) => row.theater_name },
  showsColumn,
  ...figureColumns<TheaterSales>(),
]);

const MOVIE_COLUMNS = noWrap<MovieSales>([
  { id: 'movie', header: 'Movie', cell: (row) => row.movie_name },
  { id: 'theater', header: 'Theater', cell: (row) => row.theater_name },
  showsColumn,
  ...figureColumns<MovieSales>(),
]);

const SHOW_COLUMNS = noWrap<ShowSales>([
  { id: 'movie', header: 'Movie', cell: (row) => row.movie_name },
  { id: 'theater', header: 'Theater', cell: (row) => row.theater_name },
  { id: 'screen', header: 'Screen', cell: (row) => row.screen_name },
  { id: 'date', header: 'Date', cell: (row) => formatDate(row.date) },
  { id: 'time', header: 'Time', cell: (row) => formatTime(row.start_time) },
  ...figureColumns<ShowSales>(),
]);

/** Sales by theater, by movie and by show (the best-selling shows first). */
export function SalesTables({ report }: { report: SalesReport }) {
  return (
    <>
      <ReportSection title="Sales by theater">
        <Table
          caption="Sales by theater"
          captionHidden
          columns={THEATER_COLUMNS}
          rows={report.by_theater}
          rowKey={(row) => row.theater_id}
        />
      </ReportSection>
      <ReportSection title="Sales by movie">
        <Table
          caption={
            // A long range brings only the best-selling movies: the caption says so.
            report.by_movie.length < report.movie_count
              ? `Top ${formatCount(report.by_movie.length)} of ${formatCount(report.movie_count)} movies by tickets sold`
              : 'Sales by movie'
          }
          captionHidden={report.by_movie.length >= report.movie_count}
          columns={MOVIE_COLUMNS}
          rows={report.by_movie}
          rowKey={(row) => row.movie_id}
        />
      </ReportSection>
      <ReportSection title="Sales by show">
        <ShowSalesTable shows={report.by_show} total={report.show_count} columns={SHOW_COLUMNS} />
      </ReportSection>
    </>
  );
}
