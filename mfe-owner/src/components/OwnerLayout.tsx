import { Outlet } from 'react-router-dom';
import styles from './OwnerLayout.module.css';

/**
 * The frame the owner screens share. The shell draws the header with the owner's links above
 * it, so this is only the page area.
 */
export function OwnerLayout() {
  return (
    <div className={styles.layout}>
      <Outlet />
    </div>
  );
}
