import { type RefObject, useEffect, useRef } from 'react';
import { useInRouterContext, useLocation } from 'react-router-dom';
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

/**
 * After an in-app page change, the focus moves to the new page's heading: a screen reader says
 * where the person now is, and Tab goes on from the top of the page, not from the link that was
 * pressed (or from the page's start, when that link went away with the old page). Not on the
 * first load (the browser starts at the top itself), not when only the query string changed (a
 * tab, a list's page), and not when the page already put the focus in a field of its own or a
 * dialog (a link or button that was pressed keeps no claim on it).
 */
const CHOSEN_FOCUS = 'input, select, textarea, [role="dialog"], [role="alertdialog"]';

function FocusOnArrival({ heading }: { heading: RefObject<HTMLHeadingElement | null> }) {
  const { key, pathname } = useLocation();
  const firstLoad = key === 'default';
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page (its path), not per query string
  useEffect(() => {
    const title = heading.current;
    if (firstLoad || !title) return;
    const active = document.activeElement;
    const pageChoseFocus = active instanceof HTMLElement && active.closest(CHOSEN_FOCUS) !== null;
    if (!pageChoseFocus) title.focus();
  }, [pathname]);
  return null;
}

export interface PageTitleProps {
  /** The page heading, e.g. 'Create Your Account'; the browser tab reads '{heading} · CineBook'. */
  children: string;
}

/**
 * The page's h1; also names the browser tab, so every route has its own title, and takes the
 * focus when the page is reached by a link in the app (FocusOnArrival).
 */
export function PageTitle({ children }: PageTitleProps) {
  usePageTitle(children);
  const heading = useRef<HTMLHeadingElement>(null);
  const inRouter = useInRouterContext();
  return (
    <>
      <h1 ref={heading} tabIndex={-1} className={styles.title}>
        {children}
      </h1>
      {inRouter && <FocusOnArrival heading={heading} />}
    </>
  );
}
