import { ApiError } from '@cinema/api-client';
import {
  Button,
  EmptyState,
  ErrorState,
  failureMessage,
  formatDateTime,
  Modal,
  Skeleton,
  StatusBadge,
  Table,
  type TableColumn,
} from '@cinema/ui';
import { type ReactNode, useId, useState } from 'react';
import { toast } from 'react-toastify';
import { activeKey, type SigningKey, useSigningKeys } from './api/getSigningKeys';
import { useRotateSigningKey } from './api/rotateSigningKey';
import styles from './SigningKeys.module.css';

const COLUMNS: TableColumn<SigningKey>[] = [
  { id: 'kid', header: 'Key id', cell: (key) => <code className={styles.kid}>{key.kid}</code> },
  {
    id: 'made',
    header: 'Made',
    cell: (key) => <time dateTime={key.created_at}>{formatDateTime(key.created_at)}</time>,
  },
  {
    id: 'status',
    header: 'Status',
    cell: (key) =>
      key.retired_at === null ? (
        <StatusBadge tone="positive">Active</StatusBadge>
      ) : (
        <StatusBadge tone="muted">{`Retired since ${formatDateTime(key.retired_at)}`}</StatusBadge>
      ),
  },
];

/**
 * Why a rotation failed. A 409 (another key is active now: a second tab, a double click) and a
 * 429 (10 keys a day) carry the server's own sentence; the list is refetched either way.
 */
function rotateProblem(error: unknown): string {
  if (error instanceof ApiError && (error.status === 409 || error.status === 429)) {
    return error.message;
  }
  return failureMessage(error, 'Failed to rotate the signing key. Try again.');
}

/**
 * The owner's ticket signing keys (docs/decisions/0041-signed-ticket-passes.md): which one signs
 * the passes now, which are retired, and Rotate behind a confirmation.
 */
export function SigningKeys() {
  const keys = useSigningKeys();
  const rotate = useRotateSigningKey();
  const [asking, setAsking] = useState(false);
  const headingId = useId();

  const active = keys.data ? activeKey(keys.data.results) : undefined;

  const confirmRotate = () => {
    setAsking(false);
    rotate.mutate(active?.kid ?? null, {
      onSuccess: () => toast.success('Signing key rotated.'),
      onError: (error) => toast.error(rotateProblem(error)),
    });
  };

  let body: ReactNode;
  if (keys.isPending) {
    body = <Skeleton lines={2} label="Loading signing keys..." />;
  } else if (keys.isError) {
    body = (
      <ErrorState
        message={failureMessage(keys.error, 'Your signing keys could not be loaded.')}
        error={keys.error}
        onRetry={() => void keys.refetch()}
      />
    );
  } else {
    body = (
      <>
        {keys.data.results.length === 0 ? (
          <EmptyState message="No signing key yet. One is made when your first ticket is issued." />
        ) : (
          <Table
            caption="Ticket signing keys"
            captionHidden
            columns={COLUMNS}
            rows={keys.data.results}
            rowKey={(key) => key.kid}
          />
        )}
        <div className={styles.actions}>
          <Button variant="secondary" disabled={rotate.isPending} onClick={() => setAsking(true)}>
            {rotate.isPending ? 'Rotating...' : 'Rotate key'}
          </Button>
        </div>
      </>
    );
  }

  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h2 id={headingId} className={styles.heading}>
        Ticket signing keys
      </h2>
      <p className={styles.intro}>
        The QR codes of your tickets are signed with the active key, so the door can check them
        offline. Rotate it if you think it leaked: tickets already issued keep working.
      </p>
      {body}
      <Modal
        open={asking}
        title="Rotate the signing key?"
        onClose={() => setAsking(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setAsking(false)}>
              Cancel
            </Button>
            <Button onClick={confirmRotate}>Rotate key</Button>
          </>
        }
      >
        <p>
          {active
            ? `Key ${active.kid} is retired and a new key signs the tickets issued from now on. Tickets already issued keep working.`
            : 'A new key is made and signs the tickets issued from now on.'}
        </p>
      </Modal>
    </section>
  );
}
