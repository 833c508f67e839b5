import { useEffect } from 'react';
import styles from './PageTitle.module.css';

export interface PageTitleProps {
  /** The page heading, e.g. 'Create Your Account'. */
  children: string;
  /** The browser tab's title when it should differ from the heading. */
  documentTitle?: string;
}

/** The page's h1; also names the browser tab, so every route has its own title. */
export function PageTitle({ children, documentTitle }: PageTitleProps) {
  const tabTitle = documentTitle ?? children;
  useEffect(() => {
    document.title = tabTitle;
  }, [tabTitle]);
  return <h1 className={styles.title}>{children}</h1>;
}
