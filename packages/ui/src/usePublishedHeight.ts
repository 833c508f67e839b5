import { useLayoutEffect } from 'react';

/**
 * Publishes an element's height as a CSS custom property on the document while it is shown (and
 * as it changes), for what must keep clear of it: the header's (`--cinema-header-height`) keeps
 * the toasts under it; the seat page's pay bar (`--cinema-sticky-bottom-height`) keeps a seat
 * brought into view, and the toasts on a phone, above it.
 */
export function usePublishedHeight(element: HTMLElement | null, property: `--${string}`) {
  useLayoutEffect(() => {
    if (!element) return;
    const root = document.documentElement;
    const publish = () =>
      root.style.setProperty(property, `${element.getBoundingClientRect().height}px`);
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(property);
    };
  }, [element, property]);
}
