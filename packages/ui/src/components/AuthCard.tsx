import type { ReactNode } from 'react';
import styles from './AuthCard.module.css';
import { Card } from './Card';
import { PageTitle } from './PageTitle';

export interface AuthCardProps {
  /** The page heading; the browser tab reads '{title} · CineBook'. */
  title: string;
  /** One line under the heading saying what the screen is for. */
  intro?: ReactNode;
  children: ReactNode;
  /** Links under the card's content, e.g. to Login or Signup. */
  footer?: ReactNode;
  /** PageTitle's: false for the shell's stand-in drawn until the account screen arrives. */
  focusOnArrival?: boolean;
}

/**
 * The centred card every account screen sits in (the auth area's), full width on a phone; the
 * shell's first screen of the login draws the same (decision 0055).
 */
export function AuthCard({ title, intro, children, footer, focusOnArrival }: AuthCardProps) {
  return (
    <div className={styles.page}>
      <Card className={styles.card}>
        <div className={styles.content}>
          <div className={styles.header}>
            <PageTitle focusOnArrival={focusOnArrival}>{title}</PageTitle>
            {intro !== undefined && <p className={styles.intro}>{intro}</p>}
          </div>
          {children}
          {footer !== undefined && <div className={styles.footer}>{footer}</div>}
        </div>
      </Card>
    </div>
  );
}
