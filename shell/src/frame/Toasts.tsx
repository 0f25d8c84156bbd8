import { bus, type ToastRequest } from '@shop/shared';
import { Link } from '@shop/shared/router';
import { type ReactNode, useEffect, useRef, useState } from 'react';
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

/** The shell answers the bus command `ui.toast` for every remote. */
export function Toasts(): ReactNode {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const [place, setPlace] = useState<ToastPlace>('bottom');
  const [headerBottom, setHeaderBottom] = useState(0);
  const lastPressY = useRef<number | null>(null);
  useEffect(() => {
    const onPress = (event: PointerEvent) => {
      lastPressY.current = event.clientY;
    };
    window.addEventListener('pointerdown', onPress, { capture: true, passive: true });
    return () => window.removeEventListener('pointerdown', onPress, { capture: true });
  }, []);
  useEffect(() => {
    let nextId = 1;
    return bus.handle('ui.toast', (toast) => {
      const id = nextId++;
      // Pressed by keyboard: the focused control is what was pressed; else where the pointer went down.
      const focused = document.activeElement;
      const box = focused && focused !== document.body ? focused.getBoundingClientRect() : null;
      setPlace(toastPlaceFor(box ? box.top + box.height / 2 : lastPressY.current, window.innerHeight));
      setHeaderBottom(Math.max(0, document.querySelector('header')?.getBoundingClientRect().bottom ?? 0));
      setToasts((shown) => [...shown, { ...toast, id }]);
      setTimeout(() => setToasts((shown) => shown.filter((t) => t.id !== id)), TOAST_DURATION_MS);
    });
  }, []);
  return (
    <div
      className={`${styles.region} ${place === 'top' ? styles.top : styles.bottom}`}
      style={place === 'top' ? { top: `calc(${headerBottom}px + 0.5rem)` } : undefined}
      role="status"
      aria-live="polite"
    >
      {toasts.map((toast) => (
        <div key={toast.id} className={`${styles.toast} ${styles[toast.tone ?? 'info'] ?? ''}`}>
          <span>{toast.message}</span>
          {toast.link ? (
            <Link to={toast.link.to} className={styles.link}>
              {toast.link.label}
            </Link>
          ) : null}
        </div>
      ))}
    </div>
  );
}
