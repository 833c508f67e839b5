import type { DaySales } from '@cinema/api-client';
import { formatDate, formatRupees, plural, toNumber } from '@cinema/ui';
import { BarChart } from '@cinema/ui/bar-chart';
import { noWrap } from '../../components/noWrap';
import { formatCount, formatRupeesCompact } from '../../lib/format';

export interface RevenueChartProps {
  /** One entry per day, in date order (see `everyDay`). */
  days: readonly DaySales[];
  from: string;
  to: string;
}

const shortDate = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short' });

/** '2026-11-21' -> '21 Nov' */
function formatShortDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return shortDate.format(new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1));
}

function tickets(count: number): string {
  return plural(count, 'ticket');
}

/** What the chart shows, in one sentence: its accessible name. */
function summarise(days: readonly DaySales[], from: string, to: string): string {
  const range = `Revenue per day from ${formatDate(from)} to ${formatDate(to)}`;
  const total = days.reduce((sum, day) => sum + toNumber(day.revenue), 0);
  if (total === 0) return `${range}: no revenue on any of the ${plural(days.length, 'day')}.`;
  const best = days.reduce((top, day) =>
    toNumber(day.revenue) > toNumber(top.revenue) ? day : top,
  );
  const highest = `highest ${formatRupees(toNumber(best.revenue))} on ${formatDate(best.date)}`;
  return `${range}: ${formatRupees(total)} in total over ${plural(days.length, 'day')}; ${highest}.`;
}

const TABLE_COLUMNS = noWrap<DaySales>([
  { id: 'date', header: 'Date', cell: (day) => formatDate(day.date) },
  {
    id: 'tickets',
    header: 'Tickets sold',
    cell: (day) => formatCount(day.tickets_sold),
    align: 'end',
  },
  {
    id: 'cancellations',
    header: 'Cancellations',
    cell: (day) => formatCount(day.cancellations),
    align: 'end',
  },
  {
    id: 'revenue',
    header: 'Revenue',
    cell: (day) => formatRupees(toNumber(day.revenue)),
    align: 'end',
  },
]);

/** Revenue per day as bars (the UI package's chart), with the figures as a table on demand. */
export function RevenueChart({ days, from, to }: RevenueChartProps) {
  return (
    <BarChart
      points={days}
      value={(day) => toNumber(day.revenue)}
      pointKey={(day) => day.date}
      xLabel={(day) => formatShortDate(day.date)}
      pointTitle={(day) =>
        `${formatDate(day.date)}: ${formatRupees(toNumber(day.revenue))} from ${tickets(day.tickets_sold)}`
      }
      formatValue={formatRupeesCompact}
      summary={summarise(days, from, to)}
      tableCaption="Revenue per day"
      tableColumns={TABLE_COLUMNS}
    />
  );
}
