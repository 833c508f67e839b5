import {
  cx,
  EmptyState,
  ErrorState,
  failureMessage,
  Pagination,
  pageCount,
  SelectField,
  Skeleton,
  Table,
  type TableColumn,
} from '@cinema/ui';
import { type ReactNode, useState } from 'react';
import { noWrap } from '../../components/noWrap';
import { formatDateTime } from '../../lib/format';
import { type ReleaseAuditRecord, useReleaseAudit } from './api/getReleaseAudit';
import { REMOTES, type Remote } from './api/getReleases';
import section from './PageSection.module.css';
import styles from './ReleaseAudit.module.css';
import { actorText, changeText, reasonText, releaseActionLabel } from './releaseAuditText';
import { remoteLabel } from './releaseText';

const REMOTE_OPTIONS = REMOTES.map((remote) => ({ value: remote, label: remoteLabel(remote) }));

const COLUMNS: readonly TableColumn<ReleaseAuditRecord>[] = [
  ...noWrap<ReleaseAuditRecord>([
    {
      id: 'at',
      header: 'When',
      cell: (record) => <time dateTime={record.at}>{formatDateTime(record.at)}</time>,
    },
    { id: 'actor', header: 'Who', cell: actorText },
    { id: 'action', header: 'Action', cell: (record) => releaseActionLabel(record.action) },
    {
      id: 'remote',
      header: 'Remote',
      cell: (record) => (record.remote ? remoteLabel(record.remote) : '—'),
    },
  ]),
  // Sentences wrap inside their cells instead of widening the table.
  {
    id: 'change',
    header: 'What changed',
    cell: (record) => <span className={styles.text}>{changeText(record)}</span>,
  },
  {
    id: 'reason',
    header: 'Why',
    cell: (record) => <span className={styles.text}>{reasonText(record)}</span>,
  },
];

/**
 * Every release action, newest first, with who took it (a user, a deploy key or the system),
 * what it changed and why: the release part of the product's append-only audit log
 * (docs/decisions/0033-audit-log.md). Filtered by remote, a page at a time.
 */
export function ReleaseAudit() {
  const [remote, setRemote] = useState<Remote | null>(null);
  const [page, setPage] = useState(1);
  const audit = useReleaseAudit(page, remote);
  const { data } = audit;

  let body: ReactNode;
  if (audit.isPending) {
    body = <Skeleton lines={6} label="Loading the release history..." />;
  } else if (audit.isError) {
    body = (
      <ErrorState
        message={failureMessage(audit.error, 'The release history could not be loaded.')}
        error={audit.error}
        onRetry={() => void audit.refetch()}
      />
    );
  } else if (audit.data.results.length === 0) {
    body = (
      <EmptyState
        message={
          remote ? `No release actions on ${remoteLabel(remote)} yet.` : 'No release actions yet.'
        }
      />
    );
  } else {
    body = (
      // Earlier rows stay, dimmed and marked busy, while the next page or remote loads.
      <div
        className={cx(styles.rows, audit.isPlaceholderData && styles.stale)}
        aria-busy={audit.isPlaceholderData || undefined}
      >
        <Table
          caption={remote ? `Release history of ${remoteLabel(remote)}` : 'Release history'}
          captionHidden
          columns={COLUMNS}
          rows={audit.data.results}
          rowKey={(record) => record.id}
        />
      </div>
    );
  }

  return (
    <section className={section.section} aria-labelledby="release-history-heading">
      <h2 id="release-history-heading" className={section.heading}>
        Release history
      </h2>
      <SelectField
        label="Remote"
        value={remote ?? ''}
        placeholder="All remotes"
        options={REMOTE_OPTIONS}
        className={styles.filter}
        onChange={(event) => {
          setRemote((event.target.value || null) as Remote | null);
          setPage(1);
        }}
      />
      {body}
      {data && (data.count > 0 || page > 1) && (
        <Pagination
          label="Release history pages"
          page={page}
          pages={Math.max(pageCount(data.count, data.page_size || undefined), page)}
          onPage={setPage}
          busy={audit.isPlaceholderData}
          align="end"
        />
      )}
    </section>
  );
}
