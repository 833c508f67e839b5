import { ApiError } from '@cinema/api-client';
import {
  EmptyState,
  ErrorState,
  failureMessage,
  Skeleton,
  StatusBadge,
  Table,
  type TableColumn,
} from '@cinema/ui';
import type { ReactNode } from 'react';
import { noWrap } from '../../components/noWrap';
import { formatDateTime, formatPercent } from '../../lib/format';
import {
  type ChannelRelease,
  REMOTES,
  type ReleaseAuditRow,
  type ReleasesStatus,
  type RemoteStatus,
  useReleases,
} from './api/getReleases';
import styles from './ReleasesList.module.css';
import { Rollouts } from './Rollouts';
import {
  actionLabel,
  auditSummary,
  formatReporters,
  formatReportersAndReports,
  remoteLabel,
} from './releaseText';

const NOTHING = '—';

/** Recent: the reporters the automatic rollback looks at; all time adds the reports they sent,
 *  where one address flooding shows. */
function Reporters({ release }: { release: ChannelRelease | null }) {
  if (!release) return NOTHING;
  return (
    <span className={styles.reporters}>
      <span>{`Recent: ${formatReporters(release.events.recent)}`}</span>
      <span>{`All time: ${formatReportersAndReports(release.events.all)}`}</span>
    </span>
  );
}

function RemoteState({ status }: { status: RemoteStatus }) {
  if (status.rolled_back_reason) {
    return (
      <div className={styles.rollback}>
        <StatusBadge tone="muted" mark="!">
          Rolled back
        </StatusBadge>
        <p className={styles.note}>
          {status.rolled_back_reason}
          {status.rolled_back_at && (
            <>
              {' '}
              <time dateTime={status.rolled_back_at}>{formatDateTime(status.rolled_back_at)}</time>
            </>
          )}
        </p>
      </div>
    );
  }
  if (!status.stable) {
    return (
      <StatusBadge tone="muted" mark="–">
        Not published
      </StatusBadge>
    );
  }
  return status.canary ? (
    <StatusBadge tone="positive" mark="◐">
      Canary live
    </StatusBadge>
  ) : (
    <StatusBadge tone="positive">Stable</StatusBadge>
  );
}

const REMOTE_COLUMNS: readonly TableColumn<RemoteStatus>[] = [
  ...noWrap<RemoteStatus>([
    { id: 'remote', header: 'Remote', cell: (status) => remoteLabel(status.remote) },
    {
      id: 'stable',
      header: 'Stable',
      cell: (status) => status.stable?.version ?? 'Nothing published yet.',
    },
    {
      id: 'stable-reporters',
      header: 'Stable reporters',
      cell: (status) => <Reporters release={status.stable} />,
    },
    {
      id: 'canary',
      header: 'Canary',
      cell: ({ stable, canary }) => {
        if (canary) return `${canary.version} at ${canary.percent}%`;
        return stable ? 'No canary' : NOTHING;
      },
    },
    {
      id: 'canary-reporters',
      header: 'Canary reporters',
      cell: (status) => <Reporters release={status.canary} />,
    },
    {
      id: 'previous',
      header: 'Previous stable',
      cell: (status) => status.previous_stable?.version ?? NOTHING,
    },
  ]),
  // The rollback note wraps: it is a sentence.
  { id: 'state', header: 'State', cell: (status) => <RemoteState status={status} /> },
];

const AUDIT_COLUMNS: readonly TableColumn<ReleaseAuditRow>[] = [
  ...noWrap<ReleaseAuditRow>([
    {
      id: 'time',
      header: 'Time',
      cell: (row) => <time dateTime={row.created_at}>{formatDateTime(row.created_at)}</time>,
    },
    {
      id: 'who',
      header: 'Who',
      cell: (row) => (row.actor ? (row.actor.username ?? `#${row.actor.id}`) : 'system'),
    },
    { id: 'action', header: 'Action', cell: (row) => actionLabel(row.action) },
    { id: 'remote', header: 'Remote', cell: (row) => remoteLabel(row.remote) },
  ]),
  {
    id: 'change',
    header: 'Change',
    cell: (row) => <span className={styles.note}>{auditSummary(row)}</span>,
  },
];

function Releases({ status }: { status: ReleasesStatus }) {
  const remotes = REMOTES.map((remote) => status.remotes[remote]);
  const { window, min_reporters, failure_rate } = status.auto_rollback;
  return (
    <div className={styles.list}>
      {remotes.every((remote) => !remote.stable) ? (
        <EmptyState message="Nothing published yet." />
      ) : (
        <Table
          caption="Remotes"
          columns={REMOTE_COLUMNS}
          rows={remotes}
          rowKey={(remote) => remote.remote}
        />
      )}
      <p className={styles.rule}>
        {`A canary is rolled back automatically when, among its newest ${window} reporters, there are at least ${min_reporters} and ${formatPercent(failure_rate)} or more of them failed. A reporter is one network address that was sent the version, counted once by its latest report, so one address cannot outvote the others.`}
      </p>
      <Table
        caption="Recent changes"
        columns={AUDIT_COLUMNS}
        rows={status.audit}
        rowKey={(row) => row.id}
        emptyMessage="No changes yet."
      />
      <Rollouts status={status} />
    </div>
  );
}

/**
 * The release registry: each remote's stable, canary and previous stable with how they
 * fared, any automatic rollback, and the newest changes. Refreshes itself every 30 seconds.
 */
export function ReleasesList() {
  const releases = useReleases();
  const status = releases.error instanceof ApiError ? releases.error.status : null;
  const forbidden = status === 403;

  let body: ReactNode;
  if (forbidden) {
    body = <ErrorState message="You do not have access to releases. Only admins can see them." />;
  } else if (releases.data) {
    // A failed background refresh keeps the last answer on screen (the toast says it failed).
    body = <Releases status={releases.data} />;
  } else if (releases.isError) {
    body = (
      <ErrorState
        message={failureMessage(releases.error, 'The releases could not be loaded.')}
        error={releases.error}
        onRetry={() => void releases.refetch()}
      />
    );
  } else {
    body = <Skeleton lines={6} label="Loading releases..." />;
  }
  return body;
}
