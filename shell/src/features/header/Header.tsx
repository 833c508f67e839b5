import { useSession } from '@cinema/auth';
import { usePublishedHeight } from '@cinema/ui';
import { useEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import styles from './Header.module.css';
import { LOGGED_OUT_LINKS, linksForRole } from './navLinks';

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * While the phone menu is open: Escape closes it and gives the focus back to the Menu button;
 * Tab and Shift+Tab go round the menu and its button only; a press outside closes it.
 */
function useMenuFocus(
  open: boolean,
  close: () => void,
  toggle: HTMLButtonElement | null,
  nav: HTMLElement | null,
) {
  useEffect(() => {
    if (!open || !toggle || !nav) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
        toggle.focus();
        return;
      }
      // On a wide screen (say, after turning a tablet) the menu is the plain link row: no trap.
      if (event.key !== 'Tab' || getComputedStyle(toggle).display === 'none') return;
      const stops = [toggle, ...nav.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const at = stops.indexOf(document.activeElement as HTMLElement);
      const next = at === -1 ? 0 : (at + (event.shiftKey ? -1 : 1) + stops.length) % stops.length;
      event.preventDefault();
      stops[next]?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!nav.contains(target) && !toggle.contains(target)) close();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open, close, toggle, nav]);
}

/**
 * The header every area shares: role links, logout, the username, and a slide-in menu on phones.
 * `sessionPending`: drawn by the build for a page people reach signed in (a first screen,
 * prerender.tsx), when who is signed in is not known yet: no links until it is.
 */
export function Header({ sessionPending = false }: { sessionPending?: boolean }) {
  const { user, role, isLoggedIn } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const [header, setHeader] = useState<HTMLElement | null>(null);
  const [toggle, setToggle] = useState<HTMLButtonElement | null>(null);
  const [nav, setNav] = useState<HTMLElement | null>(null);
  const close = useRef(() => setMenuOpen(false)).current;

  // Following a link closes the phone menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input
  useEffect(() => setMenuOpen(false), [pathname]);
  // What is fixed under the header (the toasts) starts below it however it wraps.
  usePublishedHeight(header, '--cinema-header-height');
  useMenuFocus(menuOpen, close, toggle, nav);

  const links = sessionPending ? [] : isLoggedIn ? linksForRole(role) : LOGGED_OUT_LINKS;

  return (
    <header ref={setHeader} className={styles.header}>
      <div className={styles.bar}>
        <NavLink to="/" className={styles.brand}>
          CineBook
        </NavLink>
        <button
          ref={setToggle}
          type="button"
          className={styles.menuButton}
          aria-expanded={menuOpen}
          aria-controls="main-navigation"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? 'Close menu' : 'Menu'}
        </button>
        {/* Dims the page behind the open menu; a press on it closes the menu (useMenuFocus). */}
        {menuOpen && <div className={styles.backdrop} aria-hidden="true" />}
        <nav
          ref={setNav}
          id="main-navigation"
          aria-label="Main"
          className={styles.nav}
          data-open={menuOpen}
        >
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} className={styles.link}>
              {link.label}
            </NavLink>
          ))}
          {isLoggedIn && !sessionPending && (
            <>
              <NavLink to="/auth/logout" className={styles.link}>
                Logout
              </NavLink>
              <NavLink to="/auth/profile" className={styles.username} title="Your profile">
                {user?.username ?? user?.email ?? 'Profile'}
              </NavLink>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
