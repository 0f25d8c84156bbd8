import type { Cart, Order, PaymentMethodName, User } from '@shop/shared';
import { cartMoney } from '../cart/money';
import { LAST_ORDER_STORAGE_KEY } from './constants';

/**
 * The last order placed in this tab, as its confirmation shows it. Kept in sessionStorage so
 * /confirmorder shows it after a reload, while another tab (or tomorrow) does not.
 */
export interface LastOrder {
  order_id: string;
  /** The total as the shopper saw it at checkout, formatted in the order's currency. */
  total: string;
  payment_method: PaymentMethodName | null;
  /** A member follows the order under My Order(s); a guest has no member area. */
  placedBy: User['type'] | null;
  /** The chat to open again, for an order placed by chat message. */
  chat_url: string | null;
}

/** The order's frozen total in the cart's currency format when they agree, plainly otherwise. */
function totalOf(order: Order, cart: Cart | null): string {
  if (cart && cart.selectedCurrency.code === order.currency.code) return cartMoney(cart, order.total_amount);
  return `${order.currency.symbol} ${order.total_amount}`;
}

export function lastOrderOf(
  order: Order,
  cart: Cart | null,
  placedBy: LastOrder['placedBy'],
  chat_url: string | null = null,
): LastOrder {
  return {
    order_id: order.order_id,
    total: totalOf(order, cart),
    payment_method: order.payment_method ?? null,
    placedBy,
    chat_url,
  };
}

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export function saveLastOrder(order: LastOrder): void {
  try {
    storage()?.setItem(LAST_ORDER_STORAGE_KEY, JSON.stringify(order));
  } catch (error) {
    // The confirmation on screen does not need it; only /confirmorder after a reload would.
    console.warn('[checkout] could not keep the last order in sessionStorage', error);
  }
}

const isText = (value: unknown): value is string => typeof value === 'string';
const orNull = <T>(value: unknown, is: (value: unknown) => value is T): T | null =>
  is(value) ? value : null;

/** The last order of this tab, or null (none, or something unreadable stored under the key). */
export function loadLastOrder(): LastOrder | null {
  let value: unknown;
  try {
    value = JSON.parse(storage()?.getItem(LAST_ORDER_STORAGE_KEY) ?? 'null');
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const stored = value as Record<string, unknown>;
  if (!isText(stored.order_id) || !isText(stored.total)) return null;
  return {
    order_id: stored.order_id,
    total: stored.total,
    payment_method: orNull(stored.payment_method, isText) as PaymentMethodName | null,
    placedBy: stored.placedBy === 'Member' || stored.placedBy === 'Guest' ? stored.placedBy : null,
    chat_url: orNull(stored.chat_url, isText),
  };
}

/** The server empties the cart that became an order; this is the same cart, emptied here at once. */
export function emptied(cart: Cart): Cart {
  return {
    ...cart,
    items: [],
    invoice: {
      ...cart.invoice,
      subTotal: 0,
      subTotalWithAdditional: 0,
      shippingCharges: 0,
      total: 0,
      vatIncluded: 0,
    },
    shippingAddress: null,
    paymentMethod: null,
    // The guest cart is spent: its token must not come back through the cart owner.
    guest_session_token: null,
  };
}
