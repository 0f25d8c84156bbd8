import { useBusState } from '@shop/shared';
import { Link } from '@shop/shared/router';
import type { ReactNode } from 'react';
import { HeaderOverlayButton } from '../../app/HeaderOverlayButton';
import styles from './cart.module.css';
import { setOverlayOpen } from './cartSlice';
import { useCartDispatch, useCartSelector } from './hooks';
import { cartMoney } from './money';

const CART_ICON = (
  <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24">
    <path
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      d="M2 3h3l2.5 12h11L21 7H6.2M9 20a1 1 0 1 0 0-.01M18 20a1 1 0 1 0 0-.01"
    />
  </svg>
);

/** Header cart button with the item count from the bus, and the cart overlay (opened by an add too). */
export function CartButton(): ReactNode {
  const summary = useBusState('cart');
  const { overlayOpen: open, cart } = useCartSelector((state) => state.cart);
  const dispatch = useCartDispatch();
  const setOpen = (next: boolean) => dispatch(setOverlayOpen(next));
  const close = () => setOpen(false);
  return (
    <HeaderOverlayButton
      label="Cart"
      icon={CART_ICON}
      count={summary.itemCount}
      countTestId="cart-count"
      overlayId="cart-overlay"
      overlayLabel="Cart summary"
      open={open}
      onOpenChange={setOpen}
    >
      <p>
        {summary.itemCount} item(s) in your cart
        <br />
        Sub-total: <strong>{cart ? cartMoney(cart, cart.invoice.subTotal) : null}</strong>
      </p>
      <Link to="/cart" className={styles.primary} onClick={close}>
        Checkout
      </Link>
      <button type="button" className={styles.link} onClick={close}>
        Close
      </button>
    </HeaderOverlayButton>
  );
}
