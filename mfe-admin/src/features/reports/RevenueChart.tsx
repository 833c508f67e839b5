import type { DaySales } from '@cinema/api-client';
import { Button, formatDate, formatRupees, plural, Table, toNumber } from '@cinema/ui';
import { useId, useState } from 'react';
import { noWrap } from '../../components/noWrap';
import { formatCount, formatRupeesCompact } from '../../lib/format';
import { niceCeiling } from './chartScale';
import styles from './RevenueChart.module.css';

export interface RevenueChartProps {
  /** One entry per day, in date order (see `everyDay`). */
  days: readonly DaySales[];
  from: string;
  to: string;
}

/** Width of one day's column and height of the plot, in SVG units (the plot stretches to fit). */
const COLUMN = 10;
const HEIGHT = 100;
const BAR_GAP = 1.5;

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

/**
 * Revenue per day as bars, drawn in plain SVG. The SVG is one image named by a summary
 * sentence; each bar's <title> gives its day on hover; the same figures are a table on demand.
 * The labels are HTML beside the SVG, so they stay readable however narrow the plot gets.
 */
export function RevenueChart({ days, from, to }: RevenueChartProps) {
  const [tableShown, setTableShown] = useState(false);
  const tableId = useId();
  const top = niceCeiling(Math.max(0, ...days.map((day) => toNumber(day.revenue))));
  const width = Math.max(days.length, 1) * COLUMN;
  const first = days[0];
  const middle = days[Math.floor((days.length - 1) / 2)];
  const last = days[days.length - 1];
  const xLabels = [first, days.length > 2 ? middle : undefined, days.length > 1 ? last : undefined];

  return (
    <div className={styles.chart}>
      <div className={styles.plot}>
        <div className={styles.yAxis} aria-hidden="true">
          <span style={{ top: '0%' }}>{formatRupeesCompact(top)}</span>
          <span style={{ top: '50%' }}>{formatRupeesCompact(top / 2)}</span>
          <span style={{ top: '100%' }}>{formatRupeesCompact(0)}</span>
        </div>
        <svg
          role="img"
          aria-label={summarise(days, from, to)}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          preserveAspectRatio="none"
          className={styles.svg}
        >
          {[0, HEIGHT / 2, HEIGHT].map((y) => (
            <line
              key={y}
              x1={0}
              x2={width}
              y1={y}
              y2={y}
              className={styles.gridline}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {days.map((day, index) => {
            const revenue = toNumber(day.revenue);
            const height = (revenue / top) * HEIGHT;
            return (
              <g key={day.date} className={styles.day} data-date={day.date}>
                <title>
                  {`${formatDate(day.date)}: ${formatRupees(revenue)} from ${tickets(day.tickets_sold)}`}
                </title>
                {/* The whole column answers the pointer, so even an empty day shows its title. */}
                <rect
                  x={index * COLUMN}
                  y={0}
                  width={COLUMN}
                  height={HEIGHT}
                  className={styles.hitArea}
                />
                <rect
                  x={index * COLUMN + BAR_GAP}
                  y={HEIGHT - height}
                  width={COLUMN - 2 * BAR_GAP}
                  height={height}
                  className={styles.bar}
                />
              </g>
            );
          })}
        </svg>
        <div className={styles.xAxis} aria-hidden="true">
          {xLabels.map((day, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: three fixed slots: first, middle, last
            <span key={index}>{day ? formatShortDate(day.date) : ''}</span>
          ))}
        </div>
      </div>
      <div>
        <Button
          variant="ghost"
          size="small"
          aria-expanded={tableShown}
          aria-controls={tableId}
          onClick={() => setTableShown((shown) => !shown)}
        >
          {tableShown ? 'Hide the figures as a table' : 'Show the figures as a table'}
        </Button>
      </div>
      <div id={tableId} hidden={!tableShown}>
        {tableShown && (
          <Table
            caption="Revenue per day"
            captionHidden
            columns={TABLE_COLUMNS}
            rows={days}
            rowKey={(day) => day.date}
          />
        )}
      </div>
    </div>
  );
}
