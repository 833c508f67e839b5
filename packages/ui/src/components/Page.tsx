import type { ReactNode } from 'react';
import styles from './Page.module.css';
import { PageTitle } from './PageTitle';

export interface PageProps {
  /** The page heading (its h1); the browser tab reads '{title} · CineBook'. */
  title: string;
  /** One line under the heading, e.g. which theater a list is filtered by, or a Back button. */
  intro?: ReactNode;
  children: ReactNode;
  /** PageTitle's: false for a stand-in drawn until the page itself arrives. */
  focusOnArrival?: boolean;
}

/** The frame of a screen inside an area: its h1, an optional intro line, then the content. */
export function Page({ title, intro, children, focusOnArrival }: PageProps) {
  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <PageTitle focusOnArrival={focusOnArrival}>{title}</PageTitle>
        {intro !== undefined && <div className={styles.intro}>{intro}</div>}
      </div>
      {children}
    </div>
  );
}
