import { type RefObject, useEffect, useRef } from 'react';
import { useInRouterContext, useLocation, useNavigationType } from 'react-router-dom';
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

/** The history entry the document was loaded on (or reloaded): arriving there is no page change. */
const LOADED_ON: unknown =
  typeof window === 'undefined' ? null : (window.history.state?.key ?? 'default');

const CHOSEN_FOCUS = 'input, select, textarea, [role="dialog"], [role="alertdialog"]';

/**
 * After an in-app page change, the focus moves to the new page's heading: a screen reader says
 * where the person now is, and Tab goes on from the top of the page, not from the link that was
 * pressed (or from the page's start, when that link went away with the old page). A page change
 * is a link or navigate() (PUSH) or Back/Forward to another entry (POP): not the load or a reload
 * (the browser starts at the top itself, at the skip link), not a redirect or a rewritten query
 * string (REPLACE), not when only the query string changed (a tab, a list's page), and not when
 * the page already put the focus in a field of its own or a dialog.
 */
function FocusOnArrival({ heading }: { heading: RefObject<HTMLHeadingElement | null> }) {
  const { key, pathname } = useLocation();
  const type = useNavigationType();
  const arrived = type === 'PUSH' || (type === 'POP' && key !== LOADED_ON);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page (its path), not per query string
  useEffect(() => {
    const title = heading.current;
    if (!arrived || !title) return;
    const active = document.activeElement;
    const pageChoseFocus = active instanceof HTMLElement && active.closest(CHOSEN_FOCUS) !== null;
    if (!pageChoseFocus) title.focus();
  }, [pathname]);
  return null;
}

export interface PageTitleProps {
  /** The page heading, e.g. 'Create Your Account'; the browser tab reads '{heading} · CineBook'. */
  children: string;
  /**
   * False for a stand-in drawn until the page itself arrives (the shell's first screens): the
   * page's own title takes the focus then, so it is announced once. Default true.
   */
  focusOnArrival?: boolean;
}

/**
 * The page's h1; also names the browser tab, so every route has its own title, and takes the
 * focus when the page is reached by a link in the app (FocusOnArrival).
 */
export function PageTitle({ children, focusOnArrival = true }: PageTitleProps) {
  usePageTitle(children);
  const heading = useRef<HTMLHeadingElement>(null);
  const inRouter = useInRouterContext() && focusOnArrival;
  return (
    <>
      <h1 ref={heading} tabIndex={-1} className={styles.title}>
        {children}
      </h1>
      {inRouter && <FocusOnArrival heading={heading} />}
    </>
  );
}
