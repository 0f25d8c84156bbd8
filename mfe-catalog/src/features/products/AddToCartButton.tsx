import { MESSAGES } from '@shop/contract/validation/messages';
import { bus, useBusState } from '@shop/shared';
import { Link } from '@shop/shared/router';
import { type ReactNode, useState } from 'react';
import { CART_ADD_TIMEOUT_MS } from '../../constants';
import styles from './products.module.css';

/**
 * Asks cart_checkout (the cart's owner) to add the product through the bus; once the product is
 * in the cart the button becomes a link to the cart.
 */
export function AddToCartButton({ productId, inStock }: { productId: number; inStock: boolean }): ReactNode {
  const cart = useBusState('cart');
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
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
  const add = async () => {
    setAdding(true);
    setError(null);
    try {
      await bus.request('cart.add', { productId, quantity: 1 }, { timeoutMs: CART_ADD_TIMEOUT_MS });
    } catch {
      setError(MESSAGES.actionFailed);
    } finally {
      setAdding(false);
    }
  };
  return (
    <span className={styles.addWrap}>
      <button type="button" className={styles.addToCart} onClick={add} disabled={adding}>
        {adding ? 'Adding…' : 'Add to Cart'}
      </button>
      {error ? (
        <span role="alert" className={styles.error}>
          {error}
        </span>
      ) : null}
    </span>
  );
}
