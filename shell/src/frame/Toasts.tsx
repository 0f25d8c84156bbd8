import { bus, type ToastRequest } from '@shop/shared';
import { Link } from '@shop/shared/router';
import { type ReactNode, useEffect, useState } from 'react';
import { TOAST_DURATION_MS } from './constants';
import styles from './Toasts.module.css';

interface ShownToast extends ToastRequest {
  id: number;
}

/** The shell answers the bus command `ui.toast` for every remote. */
export function Toasts(): ReactNode {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  useEffect(() => {
    let nextId = 1;
    return bus.handle('ui.toast', (toast) => {
      const id = nextId++;
      setToasts((shown) => [...shown, { ...toast, id }]);
      setTimeout(() => setToasts((shown) => shown.filter((t) => t.id !== id)), TOAST_DURATION_MS);
    });
  }, []);
  return (
    <div className={styles.region} role="status" aria-live="polite">
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
