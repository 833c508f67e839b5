import type { ReactNode } from 'react';
import { cx } from '../cx';
import styles from './Sidebar.module.css';

export interface SidebarItem {
  id: string;
  label: ReactNode;
  /** Items with an href are links; the others are buttons that call `onSelect`. */
  href?: string;
}

/** What a link item needs, so a router link (e.g. react-router's <Link>) can be used. */
export interface SidebarLinkProps {
  href: string;
  className: string;
  'aria-current': 'page' | undefined;
  children: ReactNode;
}

export interface SidebarProps {
  /** Accessible name of the navigation, e.g. 'Admin panel'. */
  label: string;
  items: readonly SidebarItem[];
  currentId: string | null;
  onSelect?: (id: string) => void;
  /** Renders link items; defaults to a plain <a>. */
  renderLink?: (item: SidebarItem, props: SidebarLinkProps) => ReactNode;
}

/** Vertical navigation for dashboards: a list of section buttons or links. */
export function Sidebar({ label, items, currentId, onSelect, renderLink }: SidebarProps) {
  return (
    <nav aria-label={label} className={styles.sidebar}>
      <ul className={styles.list}>
        {items.map((item) => {
          const isCurrent = item.id === currentId;
          const className = cx(styles.item, isCurrent && styles.current);
          const ariaCurrent = isCurrent ? 'page' : undefined;
          let content: ReactNode;
          if (item.href !== undefined) {
            const linkProps: SidebarLinkProps = {
              href: item.href,
              className,
              'aria-current': ariaCurrent,
              children: item.label,
            };
            content = renderLink ? (
              renderLink(item, linkProps)
            ) : (
              <a href={item.href} className={className} aria-current={ariaCurrent}>
                {item.label}
              </a>
            );
          } else {
            content = (
              <button
                type="button"
                className={className}
                aria-current={ariaCurrent}
                onClick={() => onSelect?.(item.id)}
              >
                {item.label}
              </button>
            );
          }
          return <li key={item.id}>{content}</li>;
        })}
      </ul>
    </nav>
  );
}
