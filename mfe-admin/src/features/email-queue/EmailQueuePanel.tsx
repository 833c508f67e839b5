import {
  ErrorState,
  FactList,
  failureMessage,
  Skeleton,
  Table,
  type TableColumn,
} from '@cinema/ui';
import { formatCount, formatDateTime } from '../../lib/format';
import { type EmailQueueFigures, type GivenUpEmail, useEmailQueue } from './api/getEmailQueue';

const KINDS: Record<GivenUpEmail['kind'], string> = {
  confirmation: 'Booking confirmation',
  cancellation: 'Cancellation',
  signup_code: 'Signup code',
  password_reset_code: 'Password reset code',
  signup_attempt_existing: 'Signup attempt on an existing account',
};

/** 42 -> '42 s', 95 -> '1 min 35 s', 7260 -> '2 h 1 min'. */
export function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  const hours = Math.floor(minutes / 60);
  return `${formatCount(hours)} h ${minutes % 60} min`;
}

const FAILURE_COLUMNS: readonly TableColumn<GivenUpEmail>[] = [
  { id: 'kind', header: 'Email', cell: (e) => KINDS[e.kind] },
  { id: 'recipient', header: 'To', cell: (e) => e.recipient },
  {
    id: 'created',
    header: 'Queued',
    cell: (e) => <time dateTime={e.created_at}>{formatDateTime(e.created_at)}</time>,
  },
  { id: 'attempts', header: 'Tries', align: 'end', cell: (e) => formatCount(e.attempts) },
  { id: 'error', header: 'Last error', cell: (e) => e.last_error ?? '—' },
];

function Figures({ queue }: { queue: EmailQueueFigures }) {
  const oldest = queue.oldest_pending_seconds;
  return (
    <>
      <FactList
        items={[
          { label: 'Waiting to be sent', value: formatCount(queue.pending) },
          { label: 'Oldest waiting for', value: oldest === null ? '—' : formatWait(oldest) },
          { label: 'Failing, being retried', value: formatCount(queue.retrying) },
          { label: 'Given up', value: formatCount(queue.failed) },
          { label: 'Sent in the last 24 hours', value: formatCount(queue.sent_last_day) },
        ]}
      />
      <Table
        caption="Emails given up"
        columns={FAILURE_COLUMNS}
        rows={queue.recent_failures}
        rowKey={(e) => e.id}
        emptyMessage="No email was given up."
      />
    </>
  );
}

/**
 * The email queue (the transactional outbox every API instance sends from): how many emails wait
 * and for how long, and the ones given up after a day with their last error. Refreshes itself.
 */
export function EmailQueuePanel() {
  const queue = useEmailQueue();
  if (queue.data) return <Figures queue={queue.data} />;
  if (queue.isError) {
    return (
      <ErrorState
        message={failureMessage(queue.error, 'The email queue could not be loaded.')}
        error={queue.error}
        onRetry={() => void queue.refetch()}
      />
    );
  }
  return <Skeleton lines={4} label="Loading the email queue..." />;
}
