import { ApiError } from '@cinema/api-client';
import {
  EmptyState,
  ErrorState,
  failureMessage,
  Pagination,
  pageCount,
  Skeleton,
  Table,
  type TableColumn,
} from '@cinema/ui';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../lib/format';
import { AuditFilterForm } from './AuditFilterForm';
import styles from './AuditLog.module.css';
import { type AuditRecord, useAudit } from './api/getAudit';
import { ACTION_LABELS, detailsText, entityText } from './auditText';
import { useAuditParams } from './useAuditParams';

const COLUMNS: readonly TableColumn<AuditRecord>[] = [
  { id: 'at', header: 'When', cell: (r) => <time dateTime={r.at}>{formatDateTime(r.at)}</time> },
  { id: 'actor', header: 'Who', cell: (r) => r.actor },
  { id: 'action', header: 'Action', cell: (r) => ACTION_LABELS[r.action] ?? r.action },
  { id: 'entity', header: 'What', cell: entityText },
  {
    id: 'details',
    header: 'Details',
    cell: (r) => <span className={styles.details}>{detailsText(r.details) || '—'}</span>,
  },
];

/** Who changed what, newest first: filters, a page of records, Previous/Next. */
export function AuditLog() {
  const { page, filters, setPage, setFilters } = useAuditParams();
  const audit = useAudit(page, filters);
  const { data } = audit;

  let body: ReactNode;
  if (audit.isPending) {
    body = <Skeleton lines={6} label="Loading the audit log..." />;
  } else if (audit.isError) {
    body = (
      <ErrorState
        message={
          filterProblem(audit.error) ??
          failureMessage(audit.error, 'The audit log could not be loaded.')
        }
        error={audit.error}
        onRetry={() => void audit.refetch()}
      />
    );
  } else if (audit.data.results.length === 0) {
    body = <EmptyState message="No records match." />;
  } else {
    body = (
      <Table
        caption="Audit log"
        captionHidden
        columns={COLUMNS}
        rows={audit.data.results}
        rowKey={(r) => r.id}
      />
    );
  }

  return (
    <div className={styles.log}>
      {/* Keyed by the filters in force, so Back or a link refills the form. */}
      <AuditFilterForm key={JSON.stringify(filters)} filters={filters} onApply={setFilters} />
      {body}
      {data && (data.count > 0 || page > 1) && (
        <Pagination
          label="Audit log pages"
          page={page}
          pages={Math.max(pageCount(data.count, data.page_size || undefined), page)}
          onPage={setPage}
          align="end"
        />
      )}
    </div>
  );
}

/**
 * A filter the server refused (a date out of range, an unknown action): its message, written for
 * the person filling the form like a form field's (api/src/routes/admin/audit-schemas.ts).
 */
function filterProblem(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== 'validation_error') return null;
  return Object.values(error.fields)[0] ?? error.message;
}
