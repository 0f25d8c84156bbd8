import type { Cart } from '@shop/shared';
import { CART_TAB_BLOCKED, type CheckoutTab, PAYMENT_TAB_BLOCKED } from './constants';

/**
 * Spec 001 §4, checkout tabs: "The payment tab is blocked until the cart has a shipping address.
 * Going from the payment tab back to the cart tab is blocked when no payment method is set." The
 * reason the shopper reads, or null when the tab may open.
 */
export function tabBlockedReason(from: CheckoutTab, to: CheckoutTab, cart: Cart): string | null {
  if (to === 'paymentMethod' && !cart.shippingAddress) return PAYMENT_TAB_BLOCKED;
  if (from === 'paymentMethod' && to === 'cart' && !cart.paymentMethod) return CART_TAB_BLOCKED;
  return null;
}
