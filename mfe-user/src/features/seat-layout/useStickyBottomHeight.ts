import { useLayoutEffect } from 'react';

/**
 * Publishes the height of what stays stuck at the bottom of the screen (the pay bar) as
 * `--cinema-sticky-bottom-height` on the document while it is shown, so a seat brought into view
 * stops above it (the seats' scroll margin, packages/ui SeatGrid.module.css).
 */
export function useStickyBottomHeight(bar: HTMLElement | null) {
  useLayoutEffect(() => {
    if (!bar) return;
    const root = document.documentElement;
    const publish = () =>
      root.style.setProperty(
        '--cinema-sticky-bottom-height',
        `${bar.getBoundingClientRect().height}px`,
      );
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(bar);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--cinema-sticky-bottom-height');
    };
  }, [bar]);
}
