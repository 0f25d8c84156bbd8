import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import styles from './checkout.module.css';
import { CHECKOUT_TABS, type CheckoutTab } from './constants';

/**
 * The checkout's WAI-ARIA tabs, controlled by the page because the spec gates them. Activation is
 * manual: the arrow keys, Home and End move focus along the tabs, Enter or Space opens one. (With
 * automatic activation every arrow press would open a tab and throw focus into its panel.) When a tab
 * opens, focus moves to its panel's heading; a blocked tab stays shut and `notice` says why.
 */
export function CheckoutTabs({
  current,
  blockedReason,
  onOpen,
  notice,
  children,
}: {
  current: CheckoutTab;
  /** Why `tab` may not open from the current one, or null. */
  blockedReason: (tab: CheckoutTab) => string | null;
  /** Asks to open `tab`; the page opens it or sets `notice`. */
  onOpen: (tab: CheckoutTab) => void;
  notice: string | null;
  /** The current tab's panel content. */
  children: ReactNode;
}): ReactNode {
  const baseId = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(current);
  const noticeId = `${baseId}-notice`;

  // Focus follows a tab the shopper opened, not the first render (the page has its own heading).
  useEffect(() => {
    if (shown.current === current) return;
    shown.current = current;
    heading.current?.focus();
  }, [current]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const focused = tabs.current.indexOf(document.activeElement as HTMLButtonElement | null);
    if (focused < 0) return;
    const last = CHECKOUT_TABS.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: focused === last ? 0 : focused + 1,
      ArrowLeft: focused === 0 ? last : focused - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    tabs.current[next]?.focus();
  };

  const currentTab = CHECKOUT_TABS.find((tab) => tab.key === current) ?? CHECKOUT_TABS[0];
  return (
    <div className={styles.tabs}>
      <div role="tablist" aria-label="Checkout steps" className={styles.tabList} onKeyDown={onKeyDown}>
        {CHECKOUT_TABS.map((tab, index) => {
          const selected = tab.key === current;
          const blocked = !selected && blockedReason(tab.key) !== null;
          return (
            <button
              key={tab.key}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.key}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${tab.key}`}
              aria-disabled={blocked || undefined}
              aria-describedby={blocked && notice ? noticeId : undefined}
              tabIndex={selected ? 0 : -1}
              className={styles.tab}
              onClick={() => onOpen(tab.key)}
            >
              <span className={styles.step} aria-hidden="true">
                {index + 1}
              </span>
              {tab.label}
            </button>
          );
        })}
      </div>
      {notice ? (
        <p id={noticeId} role="alert" className={styles.notice}>
          {notice}
        </p>
      ) : null}
      {CHECKOUT_TABS.map((tab) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={`${baseId}-panel-${tab.key}`}
          aria-labelledby={`${baseId}-tab-${tab.key}`}
          hidden={tab.key !== current}
          className={styles.panel}
        >
          {tab.key === current ? (
            <>
              <h2 ref={heading} tabIndex={-1} className={styles.panelHeading}>
                {currentTab.heading}
              </h2>
              {children}
            </>
          ) : null}
        </div>
      ))}
    </div>
  );
}
