import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import styles from './tabs.module.css';

export interface TabSpec {
  key: string;
  label: string;
  content: ReactNode;
}

/**
 * WAI-ARIA tabs with automatic activation: Left/Right move to the previous/next tab (wrapping),
 * Home/End to the first/last; only the selected tab is in the Tab order.
 */
export function Tabs({ label, tabs }: { label: string; tabs: readonly TabSpec[] }): ReactNode {
  const [selected, setSelected] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const baseId = useId();
  const current = Math.min(selected, tabs.length - 1);

  const select = (index: number) => {
    setSelected(index);
    buttons.current[index]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = tabs.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: current === last ? 0 : current + 1,
      ArrowLeft: current === 0 ? last : current - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  };

  return (
    <div className={styles.tabs}>
      <div role="tablist" aria-label={label} className={styles.list} onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => (
          <button
            key={tab.key}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab.key}`}
            aria-selected={index === current}
            aria-controls={`${baseId}-panel-${tab.key}`}
            tabIndex={index === current ? 0 : -1}
            className={styles.tab}
            onClick={() => setSelected(index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={`${baseId}-panel-${tab.key}`}
          aria-labelledby={`${baseId}-tab-${tab.key}`}
          hidden={index !== current}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel is focusable so keyboard users reach its text (WAI-ARIA tabs pattern)
          tabIndex={0}
          className={styles.panel}
        >
          {index === current ? tab.content : null}
        </div>
      ))}
    </div>
  );
}
