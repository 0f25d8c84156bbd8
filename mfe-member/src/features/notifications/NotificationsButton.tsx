import { MESSAGES } from '@shop/contract/validation/messages';
import { api, dataCache, ErrorPanel, Skeleton, useBusState, useDismiss, useLoaded } from '@shop/shared';
import { Link } from '@shop/shared/router';
import { type ReactNode, useCallback, useId, useRef, useState } from 'react';
import { orderDetailPath } from '../orders/constants';
import styles from './notifications.module.css';

export const NO_NOTIFICATIONS = 'Notifications are not available';

/**
 * The header's notifications (spec 000 §2, §4): a bell with the count and a popover listing the
 * notes, High priority marked, a note about an order linked to that order's page. Dismissing is offered only to a shopper with a token (spec); the
 * shell mounts this for signed-in shoppers, so visitors never load the member remote for a list
 * that is always empty for them.
 */
export function NotificationsButton(): ReactNode {
  const token = useBusState('session').user?.token ?? null;
  // A different shopper means a different list.
  const key = `member:notifications:${token ?? ''}`;
  const load = useLoaded(key, () => api.get('notifications'), { maxAgeMs: 0 });
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const wrap = useRef<HTMLSpanElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, wrap);

  const dismiss = async (id: number) => {
    setError(null);
    const answer = await api.post('notifications/remove', { notification_id: id });
    if (!answer.status) {
      setError(answer.error?.message ?? MESSAGES.actionFailed);
      return;
    }
    if (load.status === 'ready')
      dataCache.set(key, { items: load.data.items.filter((item) => item.id !== id) });
  };

  const items = load.status === 'ready' ? load.data.items : [];
  return (
    <span className={styles.wrap} ref={wrap}>
      <button
        type="button"
        className={styles.bell}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" className={styles.icon}>
          <path
            fill="currentColor"
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5-6.7V3a2 2 0 0 0-4 0v1.3A7 7 0 0 0 5 11v5l-2 2v1h18v-1z"
          />
        </svg>{' '}
        <span className={styles.label}>Notifications</span>{' '}
        <span className={styles.count} data-testid="notifications-count">
          {items.length}
        </span>
      </button>
      <section id={panelId} className={styles.popover} hidden={!open} aria-label="Notifications">
        {load.status === 'loading' ? <Skeleton shape="lines" label="Loading notifications" /> : null}
        {load.status === 'failed' && load.httpStatus !== 404 ? <ErrorPanel onRetry={load.retry} /> : null}
        {(load.status === 'failed' && load.httpStatus === 404) ||
        (load.status === 'ready' && items.length === 0) ? (
          <p>{NO_NOTIFICATIONS}</p>
        ) : null}
        {items.length > 0 ? (
          <ul className={styles.list}>
            {items.map((item) => (
              <li key={item.id} className={item.priority === 'High' ? styles.high : undefined}>
                {item.priority === 'High' ? <strong className={styles.badge}>High priority</strong> : null}
                {/* A note about an order opens it; the popover closes as the page changes. */}
                {item.order_id === null ? (
                  <span>{item.note}</span>
                ) : (
                  <Link to={orderDetailPath(item.order_id)} onClick={close}>
                    {item.note}
                  </Link>
                )}
                {token ? (
                  <button type="button" className={styles.dismiss} onClick={() => void dismiss(item.id)}>
                    Dismiss<span className="visually-hidden">: {item.note}</span>
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        {error ? (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        ) : null}
      </section>
    </span>
  );
}
