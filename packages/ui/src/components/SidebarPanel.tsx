import { type ReactNode, useId } from 'react';
import { Sidebar, type SidebarItem } from './Sidebar';
import styles from './SidebarPanel.module.css';

export interface SidebarPanelProps<Id extends string> {
  /** Accessible name of the sidebar, e.g. 'Dashboard sections'. */
  label: string;
  sections: readonly (SidebarItem & { id: Id; label: string })[];
  currentId: Id;
  onSelect: (id: Id) => void;
  /** The current section's content, under an h2 that repeats its label. */
  children: ReactNode;
}

/**
 * A dashboard: a sidebar of sections and, beside it (under it on a phone), the chosen one under
 * its own h2. Where the choice lives (e.g. `?tab=` in the URL) is the caller's business.
 */
export function SidebarPanel<Id extends string>({
  label,
  sections,
  currentId,
  onSelect,
  children,
}: SidebarPanelProps<Id>) {
  const headingId = useId();
  const current = sections.find((section) => section.id === currentId) ?? sections[0];
  return (
    <div className={styles.panel}>
      <Sidebar
        label={label}
        items={sections}
        currentId={currentId}
        onSelect={(id) => onSelect(id as Id)}
      />
      <section aria-labelledby={headingId} className={styles.section}>
        <h2 id={headingId} className={styles.heading}>
          {current?.label}
        </h2>
        {children}
      </section>
    </div>
  );
}
