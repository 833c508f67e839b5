import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { cx } from '../cx';
import styles from './Tabs.module.css';

export interface TabItem {
  id: string;
  label: ReactNode;
}

export interface TabsProps {
  /** Accessible name of the tab list, e.g. 'Dashboard sections'. */
  label: string;
  tabs: readonly TabItem[];
  selectedId: string;
  onSelect: (id: string) => void;
  /** Content of the selected tab, shown in the tab panel. */
  children?: ReactNode;
  /** One line that scrolls sideways (a strip of dates) instead of wrapping onto more lines. */
  strip?: boolean;
}

/**
 * Controlled tabs following the WAI-ARIA tabs pattern: one tab in the Tab order, arrow keys
 * (and Home/End) move between tabs and select them.
 */
export function Tabs({ label, tabs, selectedId, onSelect, children, strip = false }: TabsProps) {
  const baseId = useId();
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = `${baseId}-panel`;

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const current = tabs.findIndex((tab) => tab.id === selectedId);
    const last = tabs.length - 1;
    const targets: Record<string, number> = {
      ArrowRight: current >= last ? 0 : current + 1,
      ArrowLeft: current <= 0 ? last : current - 1,
      Home: 0,
      End: last,
    };
    const targetIndex = targets[event.key];
    const target = targetIndex === undefined ? undefined : tabs[targetIndex];
    if (!target) return;
    event.preventDefault();
    onSelect(target.id);
    tabRefs.current.get(target.id)?.focus();
  }

  return (
    <div className={styles.tabs}>
      <div
        role="tablist"
        aria-label={label}
        className={cx(styles.tablist, strip && styles.strip)}
        onKeyDown={handleKeyDown}
      >
        {tabs.map((tab) => {
          const selected = tab.id === selectedId;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.id, element);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={selected}
              aria-controls={children !== undefined ? panelId : undefined}
              tabIndex={selected ? 0 : -1}
              className={styles.tab}
              onClick={() => onSelect(tab.id)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {children !== undefined && (
        <div
          role="tabpanel"
          id={panelId}
          aria-labelledby={tabId(selectedId)}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the WAI-ARIA tabs pattern makes the panel focusable
          tabIndex={0}
          className={styles.panel}
        >
          {children}
        </div>
      )}
    </div>
  );
}
