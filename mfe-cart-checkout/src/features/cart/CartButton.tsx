import { useBodyScrollLock, useBusState, useDismiss } from '@shop/shared';
import { Link, useLocation } from '@shop/shared/router';
import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import styles from './cart.module.css';
import { setOverlayOpen } from './cartSlice';
import { useCartDispatch, useCartSelector } from './hooks';
import { cartMoney } from './money';

/** Header cart button with the item count from the bus, and the cart overlay. */
export function CartButton(): ReactNode {
  const summary = useBusState('cart');
  const { overlayOpen: open, cart } = useCartSelector((state) => state.cart);
  const dispatch = useCartDispatch();
  const panel = useRef<HTMLDivElement>(null);
  const wrap = useRef<HTMLSpanElement>(null);
  const location = useLocation();
  const close = () => dispatch(setOverlayOpen(false));
  useBodyScrollLock(open);

  // Escape, a click outside and any navigation close the overlay.
  const dismiss = useCallback(() => dispatch(setOverlayOpen(false)), [dispatch]);
  useDismiss(open, dismiss, wrap);
  useEffect(() => {
    if (open) panel.current?.focus();
  }, [open]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the route change is the trigger
  useEffect(() => {
    dispatch(setOverlayOpen(false));
  }, [location.pathname, dispatch]);

  return (
    <span className={styles.cartButtonWrap} ref={wrap}>
      <button
        type="button"
        className={styles.cartButton}
        aria-expanded={open}
        aria-controls="cart-overlay"
        onClick={() => dispatch(setOverlayOpen(!open))}
      >
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24">
          <path
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            d="M2 3h3l2.5 12h11L21 7H6.2M9 20a1 1 0 1 0 0-.01M18 20a1 1 0 1 0 0-.01"
          />
        </svg>{' '}
        <span className={styles.buttonLabel}>Cart</span>{' '}
        <span className={styles.count} data-testid="cart-count">
          {summary.itemCount}
        </span>
        <span className="visually-hidden"> items</span>
      </button>
      {open ? (
        <div
          id="cart-overlay"
          ref={panel}
          className={styles.overlay}
          role="dialog"
          aria-label="Cart summary"
          tabIndex={-1}
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
        </div>
      ) : null}
    </span>
  );
}
