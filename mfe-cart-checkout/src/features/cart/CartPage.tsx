import type { CartItem } from '@shop/shared';
import { Link } from '@shop/shared/router';
import { type ReactNode, useEffect } from 'react';
import { SHOP_NAME } from '../../constants';
import styles from './cart.module.css';
import { fetchCart, removeItem, updateQuantity } from './cartSlice';
import { useCartDispatch, useCartSelector } from './hooks';
import { cartMoney } from './money';

export function CartPage(): ReactNode {
  const { cart, status } = useCartSelector((state) => state.cart);
  const dispatch = useCartDispatch();
  useEffect(() => {
    document.title = `Shopping Cart | ${SHOP_NAME}`;
    void dispatch(fetchCart());
  }, [dispatch]);

  if (!cart) {
    return status === 'failed' ? (
      <div role="alert" className={styles.empty}>
        <h2>OOPS! something went wrong!</h2>
        <p>Please check your internet connection or refresh the page.</p>
      </div>
    ) : (
      <p aria-busy="true">Loading…</p>
    );
  }
  if (cart.items.length === 0) {
    return (
      <section className={styles.empty} aria-labelledby="cart-title">
        <h1 id="cart-title">Your {SHOP_NAME} shopping cart looks empty</h1>
        <p>What are you waiting for?</p>
        <Link to="/products" className={styles.primary}>
          Start Shopping
        </Link>
      </section>
    );
  }
  return (
    <section aria-labelledby="cart-title" className={styles.page}>
      <h1 id="cart-title">Shopping Cart</h1>
      <ul className={styles.lines}>
        {cart.items.map((item) => (
          <CartLine key={item.id} item={item} format={(amount) => cartMoney(cart, amount)} />
        ))}
      </ul>
      <p className={styles.subTotal}>
        Sub-total: <strong data-testid="cart-subtotal">{cartMoney(cart, cart.invoice.subTotal)}</strong>
      </p>
    </section>
  );
}

function CartLine({ item, format }: { item: CartItem; format: (amount: number) => string }): ReactNode {
  const dispatch = useCartDispatch();
  const pending = useCartSelector((state) => state.cart.pendingItemId === item.id);
  const { product } = item;
  return (
    <li className={styles.line} data-testid="cart-line">
      <img src={product.image} alt="" width={96} height={96} />
      <div className={styles.lineInfo}>
        <Link to={`/product/${product.slug}`}>{product.title}</Link>
        <span>{format(item.price)}</span>
      </div>
      <fieldset className={styles.quantity}>
        <legend className="visually-hidden">Quantity of {product.title}</legend>
        <button
          type="button"
          aria-label="Decrease quantity"
          disabled={pending || item.quantity <= 1}
          onClick={() => dispatch(updateQuantity({ itemId: item.id, quantity: item.quantity - 1 }))}
        >
          −
        </button>
        <output aria-live="polite" data-testid="cart-quantity">
          {item.quantity}
        </output>
        <button
          type="button"
          aria-label="Increase quantity"
          disabled={pending}
          onClick={() => dispatch(updateQuantity({ itemId: item.id, quantity: item.quantity + 1 }))}
        >
          +
        </button>
      </fieldset>
      <strong>{format(item.total)}</strong>
      <button
        type="button"
        className={styles.link}
        disabled={pending}
        onClick={() => dispatch(removeItem(item.id))}
      >
        Remove
      </button>
    </li>
  );
}
