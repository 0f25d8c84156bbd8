import { MESSAGES } from '@shop/contract/validation/messages';
import { bus, useBusState } from '@shop/shared';
import { type ReactNode, useState } from 'react';
import styles from './products.module.css';

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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inWishlist = wishlist.productIds.includes(productId);
  const toggle = async () => {
    setBusy(true);
    setError(null);
    try {
      await bus.request('wishlist.toggle', { productId });
    } catch {
      setError(MESSAGES.actionFailed);
    } finally {
      setBusy(false);
    }
  };
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
      {error ? (
        <span role="alert" className={styles.error}>
          {error}
        </span>
      ) : null}
    </span>
  );
}
