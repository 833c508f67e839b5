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
import { type ReactNode, useState } from 'react';
import { toast } from 'react-toastify';
import { type DoorStaffMember, useDoorStaff } from './api/getDoorStaff';
import { useRemoveDoorStaff } from './api/removeDoorStaff';

function columns(onRemove: (member: DoorStaffMember) => void): TableColumn<DoorStaffMember>[] {
  return [
    { id: 'email', header: 'Email', cell: (m) => m.email },
    { id: 'name', header: 'Name', cell: (m) => m.username ?? '—' },
    {
      id: 'status',
      header: 'Status',
      cell: (m) =>
        m.status === 'active' ? (
          <StatusBadge tone="positive">Active</StatusBadge>
        ) : (
          <StatusBadge tone="muted" mark="…">
            Invited
          </StatusBadge>
        ),
    },
    {
      id: 'invited',
      header: 'Invited',
      cell: (m) => <time dateTime={m.invited_at}>{formatDateTime(m.invited_at)}</time>,
    },
    {
      id: 'remove',
      header: 'Remove',
      cell: (m) => (
        <Button
          variant="danger"
          size="small"
          aria-label={`Remove ${m.email}`}
          onClick={() => onRemove(m)}
        >
          Remove
        </Button>
      ),
    },
  ];
}

/** Why a removal failed: a 404's own sentence (removed already), else a general one. */
function removeProblem(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return error.message;
  return failureMessage(error, 'Failed to remove door staff. Try again.');
}

/** The owner's door staff, invited and active, each with Remove behind a confirmation. */
export function DoorStaffList() {
  const staff = useDoorStaff();
  const remove = useRemoveDoorStaff();
  const [asking, setAsking] = useState<DoorStaffMember | null>(null);

  const confirmRemove = () => {
    if (!asking) return;
    const { id, email } = asking;
    setAsking(null);
    remove.mutate(id, {
      onSuccess: () => toast.success(`${email} removed: they are signed out and cannot sign in.`),
      onError: (error) => toast.error(removeProblem(error)),
    });
  };

  let body: ReactNode;
  if (staff.isPending) {
    body = <Skeleton lines={3} label="Loading door staff..." />;
  } else if (staff.isError) {
    body = (
      <ErrorState
        message={failureMessage(staff.error, 'Your door staff could not be loaded.')}
        error={staff.error}
        onRetry={() => void staff.refetch()}
      />
    );
  } else if (staff.data.results.length === 0) {
    body = <EmptyState message="No door staff yet. Invite someone to scan tickets at your door." />;
  } else {
    body = (
      <Table
        caption="Door staff"
        captionHidden
        columns={columns(setAsking)}
        rows={staff.data.results}
        rowKey={(m) => m.id}
      />
    );
  }

  return (
    <>
      {body}
      <Modal
        open={asking !== null}
        title={asking ? `Remove ${asking.email}?` : ''}
        onClose={() => setAsking(null)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setAsking(null)}>
              Cancel
            </Button>
            <Button variant="danger" onClick={confirmRemove}>
              Remove
            </Button>
          </>
        }
      >
        <p>
          {asking?.status === 'active'
            ? 'They are signed out at once, on every device, and can no longer sign in or scan tickets.'
            : 'The invitation stops working: signing up with this address makes an ordinary account.'}
        </p>
      </Modal>
    </>
  );
}
