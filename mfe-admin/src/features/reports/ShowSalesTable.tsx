import type { ShowSales } from '@cinema/api-client';
import { Button, Table, type TableColumn } from '@cinema/ui';
import { useId, useMemo, useState } from 'react';
import { formatCount } from '../../lib/format';

/** How many shows the table lists until asked for all of them. */
export const TOP_SHOWS = 20;

/** Most tickets sold first; ties by date and start time, then by id so the order is stable. */
function byTicketsSold(a: ShowSales, b: ShowSales): number {
  return (
    b.tickets_sold - a.tickets_sold ||
    a.date.localeCompare(b.date) ||
    a.start_time.localeCompare(b.start_time) ||
    a.show_id - b.show_id
  );
}

/**
 * The caption names what is listed, e.g. 'Top 20 of 148 shows by tickets sold'. `listed` of the
 * range's `total` shows came from the server (a long range brings only the best-selling ones).
 */
function captionFor(listed: number, total: number, expanded: boolean): string {
  if (listed <= TOP_SHOWS && listed >= total) return 'Sales by show';
  if (!expanded && listed > TOP_SHOWS) {
    return `Top ${TOP_SHOWS} of ${formatCount(total)} shows by tickets sold`;
  }
  return listed < total
    ? `Top ${formatCount(listed)} of ${formatCount(total)} shows by tickets sold`
    : `All ${formatCount(total)} shows by tickets sold`;
}

/**
 * Sales by show, best-selling first. A long range has far more shows than anyone reads, so
 * only the top {@link TOP_SHOWS} are listed until the button asks for the rest: all of them, or
 * as many as the server sent when the range has more (`total`).
 */
export function ShowSalesTable({
  shows,
  total,
  columns,
}: {
  shows: readonly ShowSales[];
  /** How many shows the range has (the report's show_count); `shows` may be fewer. */
  total: number;
  columns: readonly TableColumn<ShowSales>[];
}) {
  const [expanded, setExpanded] = useState(false);
  const tableId = useId();
  const sorted = useMemo(() => [...shows].sort(byTicketsSold), [shows]);
  const long = sorted.length > TOP_SHOWS;
  const cut = sorted.length < total;
  const rows = long && !expanded ? sorted.slice(0, TOP_SHOWS) : sorted;

  return (
    <>
      <div id={tableId}>
        <Table
          caption={captionFor(sorted.length, total, expanded)}
          // Visible when the list is cut short, so everyone knows it is the top of a longer one.
          captionHidden={!long && !cut}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.show_id}
        />
      </div>
      {long && (
        <div>
          <Button
            variant="ghost"
            size="small"
            aria-expanded={expanded}
            aria-controls={tableId}
            onClick={() => setExpanded((shown) => !shown)}
          >
            {expanded
              ? 'Show fewer'
              : cut
                ? `Show the top ${formatCount(sorted.length)}`
                : `Show all ${formatCount(sorted.length)} shows`}
          </Button>
        </div>
      )}
      {cut && <p>Choose fewer days to see every show.</p>}
    </>
  );
}
