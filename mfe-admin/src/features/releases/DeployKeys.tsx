import { ApiError } from '@cinema/api-client';
import {
  Button,
  EmptyState,
  ErrorState,
  failureMessage,
  Modal,
  Skeleton,
  StatusBadge,
  Table,
  type TableColumn,
} from '@cinema/ui';
import { type ReactNode, useRef, useState } from 'react';
import { noWrap } from '../../components/noWrap';
import { formatDateTime } from '../../lib/format';
import { type DeployKey, useDeployKeys } from './api/getDeployKeys';
import { useRevokeDeployKey } from './api/revokeDeployKey';
import { DeployKeyForm } from './DeployKeyForm';
import styles from './DeployKeys.module.css';
import section from './PageSection.module.css';
import { remoteLabel } from './releaseText';

/** The server's word for it (by its clock): active, expired or revoked (which wins). */
function KeyState({ deployKey }: { deployKey: DeployKey }) {
  const { state } = deployKey;
  if (state === 'active') return <StatusBadge tone="positive">Active</StatusBadge>;
  if (state === 'expired') {
    return (
      <StatusBadge tone="muted" mark="–">
        Expired
      </StatusBadge>
    );
  }
  return (
    <span className={styles.stacked}>
      <StatusBadge tone="muted">Revoked</StatusBadge>
      {deployKey.revoked_at && (
        <span>
          <time dateTime={deployKey.revoked_at}>{formatDateTime(deployKey.revoked_at)}</time>
          {deployKey.revoked_by && ` by ${deployKey.revoked_by}`}
        </span>
      )}
    </span>
  );
}

const when = (at: string | null, never: string) =>
  at ? <time dateTime={at}>{formatDateTime(at)}</time> : never;

function columns(onRevoke: (key: DeployKey) => void): TableColumn<DeployKey>[] {
  return [
    ...noWrap<DeployKey>([
      { id: 'name', header: 'Name', cell: (key) => key.name },
      { id: 'remote', header: 'Remote', cell: (key) => remoteLabel(key.remote) },
    ]),
    // The allowed actions wrap: up to six of them.
    { id: 'actions', header: 'Allowed actions', cell: (key) => key.actions.join(', ') },
    ...noWrap<DeployKey>([
      { id: 'expires', header: 'Expires', cell: (key) => when(key.expires_at, '—') },
      { id: 'last-used', header: 'Last used', cell: (key) => when(key.last_used_at, 'Never') },
      {
        id: 'created',
        header: 'Created',
        cell: (key) => (
          <span className={styles.stacked}>
            {when(key.created_at, '—')}
            <span>{`by ${key.created_by ?? 'a removed account'}`}</span>
          </span>
        ),
      },
      { id: 'state', header: 'State', cell: (key) => <KeyState deployKey={key} /> },
      {
        id: 'revoke',
        header: 'Revoke',
        cell: (key) =>
          key.state === 'revoked' ? (
            '—'
          ) : (
            <Button
              variant="danger"
              size="small"
              aria-label={`Revoke ${key.name}`}
              onClick={() => onRevoke(key)}
            >
              Revoke
            </Button>
          ),
      },
    ]),
  ];
}

/** Why a revocation failed: a conflict's or not-found's own sentence (someone else was quicker). */
function revokeProblem(error: unknown): string {
  if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
    return error.message;
  }
  return failureMessage(error, 'The key could not be revoked. Please try again.');
}

/**
 * The deploy keys a team's pipeline releases with (docs/decisions/0035-deploy-keys.md): each
 * scoped to one remote and some actions, with an expiry. The list, Revoke with a confirmation,
 * and the form for a new key, whose secret is shown once.
 */
export function DeployKeys() {
  const keys = useDeployKeys();
  const revoke = useRevokeDeployKey();
  const [asking, setAsking] = useState<DeployKey | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);

  const confirmRevoke = () => {
    if (!asking) return;
    const { id, name } = asking;
    setAsking(null);
    setNotice(null);
    revoke.mutate(id, {
      onSuccess: () => {
        setNotice(`Deploy key ${name} revoked: it is refused from now on.`);
        // Its Revoke button is gone: focus goes to the sentence that says what happened.
        requestAnimationFrame(() => noticeRef.current?.focus());
      },
    });
  };

  let body: ReactNode;
  if (keys.isPending) {
    body = <Skeleton lines={4} label="Loading deploy keys..." />;
  } else if (keys.isError) {
    body = (
      <ErrorState
        message={failureMessage(keys.error, 'The deploy keys could not be loaded.')}
        error={keys.error}
        onRetry={() => void keys.refetch()}
      />
    );
  } else if (keys.data.results.length === 0) {
    body = <EmptyState message="No deploy keys yet." />;
  } else {
    body = (
      <Table
        caption="Deploy keys"
        captionHidden
        columns={columns(setAsking)}
        rows={keys.data.results}
        rowKey={(key) => key.id}
      />
    );
  }

  return (
    <section className={section.section} aria-labelledby="deploy-keys-heading">
      <h2 id="deploy-keys-heading" className={section.heading}>
        Deploy keys
      </h2>
      <p className={styles.muted}>
        A pipeline releases one remote with a deploy key in <code>RELEASE_KEY</code>, no password:
        the key works only for its remote and its allowed actions, until it expires or is revoked.
      </p>
      <p ref={noticeRef} tabIndex={-1} aria-live="polite" className={styles.notice}>
        {notice}
      </p>
      {revoke.isError && (
        <p role="alert" className={styles.error}>
          {revokeProblem(revoke.error)}
        </p>
      )}
      {body}
      <Modal
        open={asking !== null}
        title={asking ? `Revoke the deploy key ${asking.name}?` : ''}
        onClose={() => setAsking(null)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setAsking(null)}>
              Back
            </Button>
            <Button variant="danger" onClick={confirmRevoke}>
              Revoke key
            </Button>
          </>
        }
      >
        <p>
          {asking
            ? `Every pipeline that releases ${remoteLabel(asking.remote)} with this key is refused from now on. This cannot be undone: a new key has to be created.`
            : ''}
        </p>
      </Modal>
      <DeployKeyForm />
    </section>
  );
}
