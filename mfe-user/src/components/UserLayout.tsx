import { Outlet } from 'react-router-dom';
import styles from './UserLayout.module.css';

/**
 * The frame the customer screens share. The shell draws the header with the role links above
 * it, so this is only the page area.
 */
export function UserLayout() {
  return (
    <div className={styles.layout}>
      <Outlet />
    </div>
  );
}
