import type { Cart } from '@shop/shared';
import { Link } from '@shop/shared/router';
import type { ReactNode } from 'react';
import { useCartDispatch } from '../cart/hooks';
import { cartMoney } from '../cart/money';
import styles from './checkout.module.css';
import { placeOrder } from './checkoutSlice';
import { CONFIRM_ORDER_HINT, STOCK_PROBLEM_HINT } from './constants';
import { useCheckoutSelector } from './hooks';

/**
 * The order-summary sidebar (spec 001 §2.3, §9): Subtotal, Shipping Fee and Total inclusive of VAT
 * in the cart's currency, the VAT part of the total, Confirm Order, and the way to the cart, contact
 * and products. "Confirm Order is enabled only with both an address and a payment method" (§4).
 */
export function OrderSummary({ cart }: { cart: Cart }): ReactNode {
  const dispatch = useCartDispatch();
  const { placing, placeError, addressRequest, methodRequest } = useCheckoutSelector(
    (state) => state.checkout,
  );
  const money = (amount: number) => cartMoney(cart, amount);
  const { invoice } = cart;
  const shortOfStock = cart.items.some((item) => item.stock_problem);
  const ready = cart.shippingAddress !== null && cart.paymentMethod !== null;
  // A choice still on its way may change the cart (and its shipping fee): wait for its answer.
  const changing = addressRequest !== null || methodRequest !== null;
  const hint = shortOfStock ? STOCK_PROBLEM_HINT : ready ? null : CONFIRM_ORDER_HINT;

  return (
    <aside className={styles.summary} aria-labelledby="order-summary-title">
      <h2 id="order-summary-title">Order Summary</h2>
      <dl className={styles.amounts}>
        <div>
          <dt>Subtotal</dt>
          <dd data-testid="summary-subtotal">{money(invoice.subTotalWithAdditional)}</dd>
        </div>
        <div>
          <dt>Shipping Fee</dt>
          <dd data-testid="summary-shipping">
            {cart.shippingAddress === null
              ? 'With the shipping address'
              : invoice.shippingCharges === 0
                ? 'Free'
                : money(invoice.shippingCharges)}
          </dd>
        </div>
        <div className={styles.total}>
          <dt>Total inclusive of VAT</dt>
          <dd data-testid="summary-total">{money(invoice.total)}</dd>
        </div>
        <div className={styles.vat}>
          <dt>of which VAT ({invoice.vatRate}%)</dt>
          <dd data-testid="summary-vat">{money(invoice.vatIncluded)}</dd>
        </div>
      </dl>
      <button
        type="button"
        className={styles.confirmButton}
        disabled={!ready || shortOfStock || changing || placing}
        aria-describedby={hint ? 'confirm-order-hint' : undefined}
        onClick={() => dispatch(placeOrder())}
      >
        {placing ? 'Placing your order…' : 'Confirm Order'}
      </button>
      {hint ? (
        <p id="confirm-order-hint" className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {placeError ? (
        <p role="alert" className={styles.error}>
          {placeError.message}
        </p>
      ) : null}
      <ul className={styles.summaryLinks}>
        <li>
          <Link to="/cart">Edit your cart</Link>
        </li>
        <li>
          <Link to="/contact">Questions? Contact us</Link>
        </li>
        <li>
          <Link to="/products">Continue shopping</Link>
        </li>
      </ul>
    </aside>
  );
}
