import { bus, type ToastRequest } from '@shop/shared';
import { Link, useLocation } from '@shop/shared/router';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { TOAST_DURATION_MS } from './constants';
import styles from './Toasts.module.css';

interface ShownToast extends ToastRequest {
  id: number;
}

export type ToastPlace = 'top' | 'bottom';

/**
 * Where a toast goes: away from what the shopper just pressed. A press in the lower half of the
 * window puts it at the top (under the sticky header), otherwise at the bottom, so the 'Item
 * Added to Cart' toast never covers the Add to Cart button that raised it.
 */
export function toastPlaceFor(lastPressY: number | null, windowHeight: number): ToastPlace {
  return lastPressY !== null && lastPressY > windowHeight / 2 ? 'top' : 'bottom';
}

/**
 * The toast still shown once the shopper is at `pathname`: none when it links to that page (the
 * shopper followed it, or went there another way: on the cart page an 'Item Added to Cart' toast
 * would only cover the cart's own controls).
 */
export function toastAfterNavigation<T extends ToastRequest>(toast: T | null, pathname: string): T | null {
  return toast?.link && new URL(toast.link.to, 'http://shop.invalid').pathname === pathname ? null : toast;
}

/**
 * The shell answers the bus command `ui.toast` for every remote. One toast at a time: a new one
 * replaces the one shown (five quick 'Add to Cart' presses leave one toast, not a stack of five
 * over the page).
 */
export function Toasts(): ReactNode {
  const [toast, setToast] = useState<ShownToast | null>(null);
  const [place, setPlace] = useState<ToastPlace>('bottom');
  const [headerBottom, setHeaderBottom] = useState(0);
  const lastPressY = useRef<number | null>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const onPress = (event: PointerEvent) => {
      lastPressY.current = event.clientY;
    };
    window.addEventListener('pointerdown', onPress, { capture: true, passive: true });
    return () => window.removeEventListener('pointerdown', onPress, { capture: true });
  }, []);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Hides the toast `id` after TOAST_DURATION_MS, unless another replaced it meanwhile. */
  const hideLater = useCallback((id: number) => {
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(
      () => setToast((shown) => (shown?.id === id ? null : shown)),
      TOAST_DURATION_MS,
    );
  }, []);
  useEffect(() => {
    let nextId = 1;
    const unhandle = bus.handle('ui.toast', (request) => {
      const id = nextId++;
      // Pressed by keyboard: the focused control is what was pressed; else where the pointer went down.
      const focused = document.activeElement;
      const box = focused && focused !== document.body ? focused.getBoundingClientRect() : null;
      setPlace(toastPlaceFor(box ? box.top + box.height / 2 : lastPressY.current, window.innerHeight));
      setHeaderBottom(Math.max(0, document.querySelector('header')?.getBoundingClientRect().bottom ?? 0));
      setToast({ ...request, id });
      hideLater(id);
    });
    return () => {
      clearTimeout(hideTimer.current);
      unhandle();
    };
  }, [hideLater]);
  useEffect(() => setToast((shown) => toastAfterNavigation(shown, pathname)), [pathname]);
  return (
    <div
      className={`${styles.region} ${place === 'top' ? styles.top : styles.bottom}`}
      style={place === 'top' ? { top: `calc(${headerBottom}px + 0.5rem)` } : undefined}
      role="status"
      aria-live="polite"
      // Timing adjustable (WCAG 2.2.1): the toast waits while the pointer or the focus is on it, so
      // its link cannot vanish under the hand reaching for it; it counts down again on leaving.
      onPointerEnter={() => clearTimeout(hideTimer.current)}
      onFocus={() => clearTimeout(hideTimer.current)}
      onPointerLeave={() => toast && hideLater(toast.id)}
      onBlur={() => toast && hideLater(toast.id)}
    >
      {toast ? (
        <div key={toast.id} className={`${styles.toast} ${styles[toast.tone ?? 'info'] ?? ''}`}>
          <span>{toast.message}</span>
          {toast.link ? (
            <Link to={toast.link.to} className={styles.link}>
              {toast.link.label}
            </Link>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
