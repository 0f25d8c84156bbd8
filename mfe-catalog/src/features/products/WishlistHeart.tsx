import { bus, useBusState } from '@shop/shared';
import type { ReactNode } from 'react';
import styles from './products.module.css';
import { useBusRequest } from './useBusRequest';

/**
 * Asks cart_checkout (the wishlist's owner) to toggle the product. The heart fills from the
 * wishlist state it publishes; a failed or unanswered request is shown, never faked.
 */
export function WishlistHeart({
  productId,
  title,
  placement = 'inline',
}: {
  productId: number;
  /** Names the product in the button's label, where several hearts share a page (cards). */
  title?: string;
  /** 'corner': over a card's picture. */
  placement?: 'inline' | 'corner';
}): ReactNode {
  const wishlist = useBusState('wishlist');
  const { busy, send, alert } = useBusRequest();
  const inWishlist = wishlist.productIds.includes(productId);
  const toggle = () => send(() => bus.request('wishlist.toggle', { productId }));
  return (
    <span className={placement === 'corner' ? `${styles.heartWrap} ${styles.heartCorner}` : styles.heartWrap}>
      <button
        type="button"
        className={styles.heart}
        aria-pressed={inWishlist}
        aria-label={`${inWishlist ? 'Remove from wishlist' : 'Add to wishlist'}${title ? `: ${title}` : ''}`}
        onClick={toggle}
        disabled={busy}
      >
        <span aria-hidden="true">{inWishlist ? '♥' : '♡'}</span>
      </button>
      {alert}
    </span>
  );
}
