import type { SalesReport } from '@cinema/api-client';
import { ApiError, errorMessage } from '@cinema/api-client';
import { useSession } from '@cinema/auth';
import {
  buttonClassName,
  EmptyState,
  ErrorState,
  failureMessage,
  formatDate,
  Page,
} from '@cinema/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useReport } from './api/getReport';
import { DateRangeFilter } from './DateRangeFilter';
import { everyDay } from './dateRange';
import { OccupancyBars } from './OccupancyBars';
import { ReportSection } from './ReportSection';
import { ReportSkeleton } from './ReportSkeleton';
import styles from './ReportsPage.module.css';
import { RevenueChart } from './RevenueChart';
import { SalesTables } from './SalesTables';
import { SummaryCards } from './SummaryCards';
import { useReportRange } from './useReportRange';

const SCOPES: Record<string, string> = { admin: 'All theaters', owner: 'Your theaters' };

/**
 * The sales report over a range of show dates. The server decides whose theaters it covers
 * (every one for an admin, their own for an owner) and refuses everyone else.
 */
export function ReportsPage() {
  const { role, isLoggedIn } = useSession();
  const [range, applyRange] = useReportRange();
  const report = useReport(range, { enabled: isLoggedIn });
  const scope = role ? SCOPES[role] : undefined;
  const status = report.error instanceof ApiError ? report.error.status : null;

  let body: ReactNode;
  if (!isLoggedIn || status === 401) {
    body = (
      <EmptyState message="Please log in to see reports.">
        <Link to="/auth/login" className={buttonClassName()}>
          Login
        </Link>
      </EmptyState>
    );
  } else if (status === 403) {
    body = <ErrorState message="You do not have access to reports." />;
  } else if (report.isPending) {
    body = <ReportSkeleton />;
  } else if (report.isError) {
    // A 400 is about the dates (e.g. a reversed range): the server says what, and a retry
    // would only get the same answer.
    const aboutTheDates = status === 400;
    body = (
      <ErrorState
        message={
          aboutTheDates
            ? errorMessage(report.error, 'Check the dates and try again.')
            : failureMessage(report.error, 'The report could not be loaded.')
        }
        error={report.error}
        onRetry={() => void report.refetch()}
      />
    );
  } else {
    body = <Report report={report.data} />;
  }

  return (
    <Page title="Reports" intro={scope && <p>{scope}</p>}>
      {isLoggedIn && status !== 403 && status !== 401 && (
        // Keyed by the range so the inputs follow it when the URL changes (e.g. Back).
        <DateRangeFilter key={`${range.from}/${range.to}`} range={range} onApply={applyRange} />
      )}
      {body}
    </Page>
  );
}

function Report({ report }: { report: SalesReport }) {
  const from = formatDate(report.from);
  const to = formatDate(report.to);
  if (report.by_show.length === 0) {
    return (
      <EmptyState
        message={`No shows between ${from} and ${to}. Try a wider date range to see sales.`}
      />
    );
  }
  return (
    <div className={styles.report}>
      <ReportSection title="Summary">
        <p className={styles.range}>{`Shows from ${from} to ${to}`}</p>
        <SummaryCards totals={report.totals} />
      </ReportSection>
      <ReportSection title="Revenue per day">
        <RevenueChart
          days={everyDay(report.from, report.to, report.by_day)}
          from={report.from}
          to={report.to}
        />
      </ReportSection>
      <ReportSection title="Occupancy by theater">
        <OccupancyBars theaters={report.by_theater} />
      </ReportSection>
      <SalesTables report={report} />
    </div>
  );
}
