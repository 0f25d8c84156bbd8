import { useBodyScrollLock, useDismiss } from '@shop/shared';
import { useLocation } from '@shop/shared/router';
import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import styles from '../features/cart/cart.module.css';

/**
 * A header button with a count and the overlay it opens (the cart's and the wishlist's). The page
 * behind does not scroll while it is open; Escape, a click outside and any navigation close it;
 * focus moves into it when it opens. `open` is the caller's, so a cart add can open the cart's.
 */
export function HeaderOverlayButton({
  label,
  icon,
  count,
  countTestId,
  overlayId,
  overlayLabel,
  open,
  onOpenChange,
  children,
}: {
  label: string;
  icon: ReactNode;
  count: number;
  countTestId: string;
  overlayId: string;
  overlayLabel: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}): ReactNode {
  const panel = useRef<HTMLDivElement>(null);
  const wrap = useRef<HTMLSpanElement>(null);
  const location = useLocation();
  // The latest callback, so the effects below run on their own triggers only.
  const change = useRef(onOpenChange);
  change.current = onOpenChange;
  useBodyScrollLock(open);
  const dismiss = useCallback(() => change.current(false), []);
  useDismiss(open, dismiss, wrap);
  useEffect(() => {
    if (open) panel.current?.focus();
  }, [open]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the route change is the trigger
  useEffect(() => {
    change.current(false);
  }, [location.pathname]);

  return (
    <span className={styles.cartButtonWrap} ref={wrap}>
      <button
        type="button"
        className={styles.cartButton}
        aria-expanded={open}
        aria-controls={overlayId}
        onClick={() => onOpenChange(!open)}
      >
        {icon} <span className={styles.buttonLabel}>{label}</span>{' '}
        <span className={styles.count} data-testid={countTestId}>
          {count}
        </span>
        <span className="visually-hidden"> items</span>
      </button>
      {open ? (
        <div
          id={overlayId}
          ref={panel}
          className={styles.overlay}
          role="dialog"
          aria-label={overlayLabel}
          tabIndex={-1}
        >
          {children}
        </div>
      ) : null}
    </span>
  );
}
