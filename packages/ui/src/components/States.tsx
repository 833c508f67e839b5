import type { ReactNode } from 'react';
import { cx } from '../cx';
import { canRetry } from '../failures';
import { Button } from './Button';
import { PageTitle } from './PageTitle';
import styles from './States.module.css';
import { VisuallyHidden } from './VisuallyHidden';

export interface EmptyStateProps {
  /** The spec's text, e.g. 'No theaters found.'. */
  message: ReactNode;
  /** An optional next step, e.g. a button to add the first theater. */
  children?: ReactNode;
}

export function EmptyState({ message, children }: EmptyStateProps) {
  return (
    <div className={styles.state}>
      <p className={styles.message}>{message}</p>
      {children}
    </div>
  );
}

export interface ErrorStateProps {
  /** A short heading above the message, for failures that need one. */
  title?: string;
  /** The spec's text, e.g. 'Failed to load seats'. */
  message: ReactNode;
  /** When given, a Retry button calls it. */
  onRetry?: () => void;
  retryLabel?: string;
  /**
   * The failure itself: when given, Retry is offered only where trying again can help (no answer
   * or a server failure), not for a refusal that would only repeat (see canRetry).
   */
  error?: unknown;
}

export function ErrorState({
  title,
  message,
  onRetry,
  retryLabel = 'Retry',
  error,
}: ErrorStateProps) {
  const retry = onRetry && (error === undefined || canRetry(error)) ? onRetry : undefined;
  return (
    <div role="alert" className={cx(styles.state, styles.error)}>
      {title && <h2 className={styles.title}>{title}</h2>}
      <p className={styles.message}>{message}</p>
      {retry && (
        <Button variant="secondary" onClick={retry}>
          {retryLabel}
        </Button>
      )}
    </div>
  );
}

/** The spinning circle alone, decorative; pair it with text. */
export function Spinner() {
  return <span className={styles.spinner} aria-hidden="true" />;
}

export interface LoadingProps {
  /** Visible and announced, e.g. 'Loading profile...'. */
  label?: string;
}

export function Loading({ label = 'Loading...' }: LoadingProps) {
  return (
    <div role="status" className={styles.loading}>
      <Spinner />
      <span>{label}</span>
    </div>
  );
}

export interface SkeletonProps {
  lines?: number;
  /** Announced to screen readers in place of the grey bars. */
  label?: string;
}

/** Grey placeholder lines in the shape of the content to come, so the page does not jump. */
export function Skeleton({ lines = 3, label = 'Loading...' }: SkeletonProps) {
  return (
    <div role="status" className={styles.skeleton}>
      <VisuallyHidden>{label}</VisuallyHidden>
      {Array.from({ length: lines }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder lines have no identity
        <span key={index} className={styles.line} aria-hidden="true" />
      ))}
    </div>
  );
}

export interface NotFoundProps {
  /** Goes back to the landing page; each app passes its router's navigate. */
  onHome: () => void;
}

/** The 404 page every app shows for a path it does not know. */
export function NotFound({ onHome }: NotFoundProps) {
  return (
    <div className={styles.state}>
      <PageTitle>Page not found...</PageTitle>
      <p className={styles.message}>The page you are looking for does not exist or has moved.</p>
      <Button onClick={onHome}>Back to Home</Button>
    </div>
  );
}
