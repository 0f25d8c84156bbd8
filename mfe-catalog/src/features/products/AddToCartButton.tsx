import { bus, useBusState } from '@shop/shared';
import { Link } from '@shop/shared/router';
import type { ReactNode } from 'react';
import { CART_ADD_TIMEOUT_MS } from '../../constants';
import styles from './products.module.css';
import { useBusRequest } from './useBusRequest';

/**
 * Asks cart_checkout (the cart's owner) to add the product through the bus; once the product is
 * in the cart the button becomes a link to the cart.
 */
export function AddToCartButton({ productId, inStock }: { productId: number; inStock: boolean }): ReactNode {
  const cart = useBusState('cart');
  const { busy: adding, send, alert } = useBusRequest();
  if (cart.productIds.includes(productId)) {
    return (
      <Link to="/cart" className={styles.goToCart}>
        Go to Cart
      </Link>
    );
  }
  if (!inStock) {
    return <span className={styles.outOfStock}>Out of Stock</span>;
  }
  const add = () =>
    send(() => bus.request('cart.add', { productId, quantity: 1 }, { timeoutMs: CART_ADD_TIMEOUT_MS }));
  return (
    <span className={styles.addWrap}>
      <button type="button" className={styles.addToCart} onClick={add} disabled={adding}>
        {adding ? 'Adding…' : 'Add to Cart'}
      </button>
      {alert}
    </span>
  );
}
