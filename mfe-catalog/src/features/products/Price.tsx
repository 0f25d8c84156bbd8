import { formatPrice, useBusState } from '@shop/shared';
import type { ReactNode } from 'react';
import styles from './products.module.css';

/** A USD price shown in the shopper's selected currency, with the old price struck through. */
export function Price({ usd, oldUsd }: { usd: number; oldUsd?: number | null }): ReactNode {
  const currency = useBusState('currency');
  if (!currency) return null;
  return (
    <span className={styles.price}>
      <span data-testid="price">{formatPrice(usd, currency)}</span>
      {oldUsd != null && oldUsd > usd ? (
        <del className={styles.oldPrice}>
          <span className="visually-hidden">was </span>
          {formatPrice(oldUsd, currency)}
        </del>
      ) : null}
    </span>
  );
}
