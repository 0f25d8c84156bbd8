import type { Cart, CartSummary } from '@shop/shared';

/** What the rest of the shop may know about the cart (the bus `cart` state). */
export function summarizeCart(cart: Cart | null): CartSummary {
  if (!cart) return { itemCount: 0, productIds: [], subTotal: 0, currencySymbol: '$' };
  return {
    itemCount: cart.items.reduce((count, item) => count + item.quantity, 0),
    productIds: cart.items.map((item) => item.product.id),
    subTotal: cart.invoice.subTotal,
    currencySymbol: cart.selectedCurrency.symbol,
  };
}
