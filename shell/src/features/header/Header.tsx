import { useSession } from '@cinema/auth';
import { useEffect, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import styles from './Header.module.css';
import { LOGGED_OUT_LINKS, linksForRole } from './navLinks';

/** The header every area shares: role links, logout, the username, and a slide-in menu on phones. */
export function Header() {
  const { user, role, isLoggedIn } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();

  // Following a link closes the phone menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input
  useEffect(() => setMenuOpen(false), [pathname]);

  const links = isLoggedIn ? linksForRole(role) : LOGGED_OUT_LINKS;

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <NavLink to="/" className={styles.brand}>
          CineBook
        </NavLink>
        <button
          type="button"
          className={styles.menuButton}
          aria-expanded={menuOpen}
          aria-controls="main-navigation"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? 'Close menu' : 'Menu'}
        </button>
        {menuOpen && (
          <button
            type="button"
            className={styles.backdrop}
            aria-label="Close menu"
            onClick={() => setMenuOpen(false)}
          />
        )}
        <nav id="main-navigation" aria-label="Main" className={styles.nav} data-open={menuOpen}>
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} className={styles.link}>
              {link.label}
            </NavLink>
          ))}
          {isLoggedIn && (
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
