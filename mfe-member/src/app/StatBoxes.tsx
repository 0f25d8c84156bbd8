import { Link } from '@shop/shared/router';
import type { ReactNode } from 'react';
import styles from './stat-boxes.module.css';

export interface StatBox {
  key: string;
  label: string;
  count: number;
  to: string;
}

/** The member area's boxes of counts, each a link (the dashboard's and the orders' dashboard's). */
export function StatBoxes({ boxes, label }: { boxes: readonly StatBox[]; label?: string }): ReactNode {
  return (
    <ul className={styles.boxes} aria-label={label}>
      {boxes.map((box) => (
        <li key={box.key}>
          <Link to={box.to} className={styles.box}>
            <span className={styles.count}>{box.count}</span> {box.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
