import { responsiveImage } from '@shop/contract/media';
import {
  bus,
  ErrorPanel,
  formatPrice,
  Skeleton,
  useBusState,
  useDocumentTitle,
  type WishlistItem,
} from '@shop/shared';
import { Link } from '@shop/shared/router';
import { type ReactNode, useEffect } from 'react';
import { OUT_OF_STOCK_LABEL, WISHLIST_EMPTY_MESSAGE, WISHLIST_SIGNED_OUT_MESSAGE } from '../../constants';
import { useCartDispatch, useCartSelector } from '../cart/hooks';
import styles from './wishlist.module.css';
import { wishlistOwnerOf } from './wishlistApi';
import { fetchWishlist, moveToCart, removeFromWishlist } from './wishlistSlice';

/** /wishlist: the owner's items with 'Out of stock' marked, move to cart and remove. */
export function WishlistPage(): ReactNode {
  const session = useBusState('session');
  const owner = wishlistOwnerOf(session);
  const { items, status } = useCartSelector((state) => state.wishlist);
  const dispatch = useCartDispatch();
  useDocumentTitle('Wishlist');
  // The owner follows the session itself; this only asks again when the page opens.
  const ownerToken = owner?.token ?? null;
  useEffect(() => {
    if (ownerToken) void dispatch(fetchWishlist());
  }, [dispatch, ownerToken]);

  if (!owner) {
    return (
      <section className={styles.empty} aria-labelledby="wishlist-title">
        <h1 id="wishlist-title">Wishlist</h1>
        <p>{WISHLIST_SIGNED_OUT_MESSAGE}</p>
        <button type="button" className={styles.primary} onClick={() => void bus.request('ui.openSignIn')}>
          Sign in
        </button>{' '}
        <button type="button" className={styles.link} onClick={() => void bus.request('ui.openSignUp')}>
          New customer? Start here
        </button>
      </section>
    );
  }
  if (items === null) {
    return status === 'failed' ? (
      <ErrorPanel onRetry={() => void dispatch(fetchWishlist({ retry: true }))} />
    ) : (
      <Skeleton shape="rows" label="Loading your wishlist" />
    );
  }
  return (
    <section aria-labelledby="wishlist-title" className={styles.page}>
      <h1 id="wishlist-title">Wishlist</h1>
      {items.length === 0 ? (
        <p className={styles.empty}>{WISHLIST_EMPTY_MESSAGE}</p>
      ) : (
        <ul className={styles.items}>
          {items.map((item) => (
            <WishlistLine key={item.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

function WishlistLine({ item }: { item: WishlistItem }): ReactNode {
  const dispatch = useCartDispatch();
  const currency = useBusState('currency');
  const pending = useCartSelector((state) => state.wishlist.pendingProductId === item.product_id);
  const error = useCartSelector((state) =>
    state.wishlist.error?.productId === item.product_id ? state.wishlist.error.message : null,
  );
  const { product } = item;
  return (
    <li className={styles.item} data-testid="wishlist-line">
      <img {...responsiveImage(product.image, { fixed: 96 })} alt="" decoding="async" />
      <div className={styles.info}>
        <Link to={`/product/${product.slug}`}>{product.title}</Link>
        {currency ? <span>{formatPrice(product.price, currency)}</span> : null}
        {product.in_stock ? null : (
          <span className={styles.outOfStock}>
            <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24">
              <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M5 19L19 5" stroke="currentColor" strokeWidth="2" />
            </svg>
            {OUT_OF_STOCK_LABEL}
          </span>
        )}
      </div>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.primary}
          disabled={pending || !product.in_stock}
          onClick={() => dispatch(moveToCart(item.product_id))}
        >
          Move to cart<span className="visually-hidden">: {product.title}</span>
        </button>
        <button
          type="button"
          className={styles.link}
          disabled={pending}
          onClick={() => dispatch(removeFromWishlist(item.product_id))}
        >
          Remove<span className="visually-hidden">: {product.title}</span>
        </button>
      </div>
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
    </li>
  );
}
