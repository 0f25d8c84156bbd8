import type { ReactNode } from 'react';
import styles from './products.module.css';

const STARS = 5;

/** Five stars filled to the rating (to the nearest half), read out as text. */
export function StarRating({ rating, count }: { rating: number; count?: number }): ReactNode {
  const rounded = Math.round(rating * 2) / 2;
  const fill = `${(rounded / STARS) * 100}%`;
  return (
    <span className={styles.rating}>
      <span className={styles.stars} role="img" aria-label={`Rated ${rounded} out of ${STARS}`}>
        <span className={styles.starsFill} style={{ width: fill }} aria-hidden="true">
          ★★★★★
        </span>
        <span aria-hidden="true">☆☆☆☆☆</span>
      </span>
      {count !== undefined ? <span className={styles.ratingCount}>({count})</span> : null}
    </span>
  );
}
