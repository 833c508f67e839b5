import { useEffect } from 'react';
import styles from './PageTitle.module.css';

/** 'Theaters' -> 'Theaters · CineBook': how every browser tab of the product is named. */
export function documentTitle(title: string): string {
  return `${title} · CineBook`;
}

/**
 * Names the browser tab '{title} · CineBook' while the calling screen is shown, so every route
 * has its own title (screen readers announce it, and the history list shows it).
 */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

export interface PageTitleProps {
  /** The page heading, e.g. 'Create Your Account'; the browser tab reads '{heading} · CineBook'. */
  children: string;
}

/** The page's h1; also names the browser tab, so every route has its own title. */
export function PageTitle({ children }: PageTitleProps) {
  usePageTitle(children);
  return <h1 className={styles.title}>{children}</h1>;
}
