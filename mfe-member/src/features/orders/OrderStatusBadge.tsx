import type { ReactNode } from 'react';
import { orderStatusTone } from './constants';
import styles from './orders.module.css';

/** An order status in the colour the spec gives it (§2.7): warning, success, secondary or danger. */
export function OrderStatusBadge({ status }: { status: string }): ReactNode {
  return <span className={`${styles.badge} ${styles[orderStatusTone(status)]}`}>{status}</span>;
}
