import { type DashboardStats, ErrorPanel, Skeleton, useDocumentTitle, useLoaded } from '@shop/shared';
import type { ReactNode } from 'react';
import { StatBoxes } from '../../app/StatBoxes';
import { ActivityList } from './ActivityList';
import styles from './dashboard.module.css';
import { dashboardApi } from './dashboardApi';

/** The four boxes and where each leads (spec 001 §2.7); cart and wishlist are other remotes' pages. */
const BOXES: { key: keyof DashboardStats; label: string; to: string }[] = [
  { key: 'ordersCount', label: 'Orders', to: '/member/orders' },
  { key: 'messagesCount', label: 'Messages', to: '/member/messages' },
  { key: 'cartItemsCount', label: 'Cart Items', to: '/cart' },
  { key: 'wishlistItemsCount', label: 'Wishlist Items', to: '/wishlist' },
];

export const RECENT_ACTIVITIES = 'Recent Activities';
export const NO_ACTIVITIES = 'No activities yet.';

/**
 * /member (spec 001 §2.7): four stat boxes from `buyers/dashboard-stats` and the 'Recent
 * Activities' card from `buyers-log` (newest first, as the server sends it; its later pages on
 * demand, see ActivityList). Each part loads and fails on its own.
 */
export function Dashboard(): ReactNode {
  useDocumentTitle('My Dashboard');
  const stats = useLoaded('member:dashboard-stats', () => dashboardApi.stats(), { maxAgeMs: 0 });
  const activities = useLoaded('member:activities', () => dashboardApi.activities(), { maxAgeMs: 0 });
  return (
    <section aria-labelledby="member-title">
      <h1 id="member-title">My Dashboard</h1>
      {stats.status === 'loading' ? (
        <Skeleton shape="cards" label="Loading your figures" />
      ) : stats.status !== 'ready' ? (
        <ErrorPanel onRetry={stats.retry} />
      ) : (
        <StatBoxes boxes={BOXES.map((box) => ({ ...box, count: stats.data[box.key] }))} />
      )}
      <section aria-labelledby="activities-title" className={styles.card}>
        <h2 id="activities-title">{RECENT_ACTIVITIES}</h2>
        {activities.status === 'loading' ? (
          <Skeleton shape="rows" label="Loading your activities" />
        ) : activities.status !== 'ready' ? (
          <ErrorPanel onRetry={activities.retry} />
        ) : activities.data.items.length === 0 ? (
          <p>{NO_ACTIVITIES}</p>
        ) : (
          <ActivityList firstPage={activities.data} />
        )}
      </section>
    </section>
  );
}
