import { useEffect } from 'react';
import { ToastContainer, toast } from 'react-toastify';
import './Toasts.module.css';

/** Where Toasts.module.css puts the toasts at the bottom of the screen. */
const PHONE = '(max-width: 480px)';
/** Space kept between a field moved above the toasts and the toasts. */
const CLEARANCE_PX = 8;

/**
 * On a phone the toasts sit at the bottom of the screen, which a field in focus may be at (the
 * keyboard up, the form's last field): the page publishes the toasts' height (its end moves down
 * as much, Toasts.module.css) and scrolls that field up above them. Elsewhere they sit top right.
 */
function keepFocusClearOfToasts() {
  const column = document.querySelector('.Toastify__toast-container');
  const onPhone = window.matchMedia(PHONE).matches;
  const height = onPhone && column ? column.getBoundingClientRect().height : 0;
  document.documentElement.style.setProperty('--cinema-toasts-height', `${height}px`);
  const focused = document.activeElement;
  if (!column || height === 0 || !(focused instanceof HTMLElement) || focused === document.body)
    return;
  const covered =
    focused.getBoundingClientRect().bottom + CLEARANCE_PX - column.getBoundingClientRect().top;
  if (covered > 0) window.scrollBy(0, covered);
}

/** The product's toasts: 5 s each, under the header (Toasts.module.css). */
export function Toasts() {
  // After each toast is drawn or gone (the next frame: the container has laid it out by then).
  useEffect(() => toast.onChange(() => requestAnimationFrame(keepFocusClearOfToasts)), []);
  return <ToastContainer position="top-right" autoClose={5000} />;
}
