import { Card, PageTitle } from '@cinema/ui';
import type { ReactNode } from 'react';
import styles from './AuthCard.module.css';

export interface AuthCardProps {
  /** The page heading; the browser tab reads '{title} · CineBook'. */
  title: string;
  /** One line under the heading saying what the screen is for. */
  intro?: ReactNode;
  children: ReactNode;
  /** Links under the card's content, e.g. to Login or Signup. */
  footer?: ReactNode;
}

/** The centred card every account screen sits in; full width on a phone. */
export function AuthCard({ title, intro, children, footer }: AuthCardProps) {
  return (
    <div className={styles.page}>
      <Card className={styles.card}>
        <div className={styles.content}>
          <div className={styles.header}>
            <PageTitle>{title}</PageTitle>
            {intro !== undefined && <p className={styles.intro}>{intro}</p>}
          </div>
          {children}
          {footer !== undefined && <div className={styles.footer}>{footer}</div>}
        </div>
      </Card>
    </div>
  );
}
