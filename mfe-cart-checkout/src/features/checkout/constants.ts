import { FEEDBACK_MS } from '../../constants';

/**
 * The checkout's timers and texts, named once (spec 001 §4 and §9). Texts the spec words are quoted
 * from `@shop/shared/validation/messages`; the others are the shop's own words.
 */

/** "Saving a new address in checkout also applies it to the cart (follow-up after 300 ms)". */
export const NEW_ADDRESS_FOLLOW_UP_MS = 300;
/**
 * "Errors on shipping address, payment method and place order clear the error flag after 5 s": the
 * remote's one form-feedback time-out.
 */
export const CART_CALL_ERROR_MS = FEEDBACK_MS;
/** A checkout that got no answer is sent again, with the same Idempotency-Key, after this long. */
export const ORDER_RETRY_DELAY_MS = 1000;
/** How many times a checkout that got no answer is sent again (the key makes it safe). */
export const ORDER_RETRIES = 2;

/** The spec's tab keys, in the spec's order (spec 001 §2.3, §4), with the names shoppers read. */
export const CHECKOUT_TABS = [
  { key: 'cart', label: 'Cart', heading: 'Your Cart' },
  { key: 'shippingAddress', label: 'Shipping Address', heading: 'Shipping Address' },
  { key: 'paymentMethod', label: 'Payment Method', heading: 'Payment Method' },
] as const;
export type CheckoutTab = (typeof CHECKOUT_TABS)[number]['key'];

/** Why a tab did not open (spec 001 §4 gates them; it does not word the reason). */
export const PAYMENT_TAB_BLOCKED = 'Please choose a shipping address before the payment method.';
export const CART_TAB_BLOCKED = 'Please choose a payment method before going back to the cart.';
export const CONFIRM_ORDER_HINT = 'Choose a shipping address and a payment method to confirm your order.';
export const STOCK_PROBLEM_HINT = 'Some items are short of stock: change them in your cart to go on.';

export const ADDRESS_SAVED = 'Your address is saved and will be used for this order.';
export const CHECKOUT_SIGNED_OUT =
  'Please sign in to check out, or go back to your cart to check out as a guest.';
export const CHECKOUT_EMPTY = 'Your cart is empty.';

/** The chat-message checkout (spec 001 §1, §2.2, §7 cart/whatsapp-checkout). */
export const CHAT_CHECKOUT_LABEL = 'Order by chat message';
export const CHAT_CHECKOUT_INTRO =
  'We place your order now and open a chat with us, where we confirm the delivery with you.';
export const CHAT_OPEN_LINK = 'Open the chat';
/** Spec 001 §8: an account exists for the e-mail; recommend signing in. */
export const CHAT_EMAIL_EXISTS =
  'An account already exists for this e-mail address. Please sign in to place your order, or use another e-mail address to continue as a guest.';

/** Where the last placed order of this tab is kept for /confirmorder (sessionStorage). */
export const LAST_ORDER_STORAGE_KEY = 'lastPlacedOrder';
