import { type ReactNode, useSyncExternalStore } from 'react';
import styles from './OfflineNotice.module.css';

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

export const OFFLINE_MESSAGE =
  'You are offline. Pages you visited still work; cart, checkout and account need a connection.';

/** Says so while the browser is offline (the service worker keeps visited pages working). */
export function OfflineNotice(): ReactNode {
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  return (
    <div role="status" className={online ? undefined : styles.offline}>
      {online ? null : OFFLINE_MESSAGE}
    </div>
  );
}
