import { type RefObject, useEffect, useState } from 'react';

/**
 * True while the box is narrower than what it holds, so it scrolls sideways. Watches the box for
 * the life of the component (it is rendered once with it); no state changes where the browser
 * has no ResizeObserver.
 */
export function useOverflowing(ref: RefObject<HTMLElement | null>): boolean {
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const check = () => setOverflowing(box.scrollWidth > box.clientWidth + 1);
    const observer = new ResizeObserver(check);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    check();
    return () => observer.disconnect();
  }, [ref]);
  return overflowing;
}
